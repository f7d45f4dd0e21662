import type { Citation } from '../../../../contract/chat'
import { type CitationType, CREATOR_ANSWER_TITLE } from '../../../../contract/knowledge'
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

/** spec 1 §2: an icon per citation type, and a special one for 'Answer Provided by the Clone Creator'. */
export function CitationTypeIcon({
  citation,
  ...props
}: Readonly<{ citation: Pick<Citation, 'type' | 'title'> } & IconProps>) {
  const Icon = citation.title === CREATOR_ANSWER_TITLE ? CreatorAnswerIcon : ICONS[citation.type]
  return <Icon {...props} />
}
