import type { CitationType } from '../../../contract/knowledge'
import { type IconProps, VideoIcon } from './icons'
import {
  AudioIcon,
  CreatorAnswerIcon,
  FacebookIcon,
  FileIcon,
  GlobeIcon,
  InstagramIcon,
  LinkedInIcon,
  PodcastIcon,
  TwitterIcon,
  YoutubeIcon,
} from './lazy-icons'

const ICONS: Record<CitationType, (props: IconProps) => React.JSX.Element> = {
  Youtube: YoutubeIcon,
  Twitter: TwitterIcon,
  Facebook: FacebookIcon,
  LinkedIn: LinkedInIcon,
  Instagram: InstagramIcon,
  Podcast: PodcastIcon,
  File: FileIcon,
  Website: GlobeIcon,
  VideoFile: VideoIcon,
  AudioFile: AudioIcon,
}

/**
 * spec 1 §2: an icon per source (citation) type, and a special one for the creator's own answers. The chat's
 * citations and the studio's knowledge list both show it.
 */
export function SourceTypeIcon({
  type,
  creatorAnswer,
  ...props
}: Readonly<{ type: CitationType; creatorAnswer: boolean } & IconProps>) {
  const Icon = creatorAnswer ? CreatorAnswerIcon : ICONS[type]
  return <Icon {...props} />
}
