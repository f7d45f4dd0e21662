import type { CitationType } from '../../../../contract/knowledge'
import { type IconProps, VideoIcon } from '../../ui/icons'
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
} from '../../ui/lazy-icons'

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

/** A source's type as the chat's citations show it; the creator's own answers have their own icon. */
export function SourceTypeIcon({
  type,
  creatorAnswer,
  ...props
}: Readonly<{ type: CitationType; creatorAnswer: boolean } & IconProps>) {
  const Icon = creatorAnswer ? CreatorAnswerIcon : ICONS[type]
  return <Icon {...props} />
}
