import type { Citation } from '../../../../contract/chat'
import { CREATOR_ANSWER_TITLE } from '../../../../contract/knowledge'
import type { IconProps } from '../../ui/icons'
import { SourceTypeIcon } from '../../ui/SourceTypeIcon'

/** spec 1 §2: a citation's type icon; 'Answer Provided by the Clone Creator' has its own. */
export function CitationTypeIcon({
  citation,
  ...props
}: Readonly<{ citation: Pick<Citation, 'type' | 'title'> } & IconProps>) {
  return (
    <SourceTypeIcon {...props} type={citation.type} creatorAnswer={citation.title === CREATOR_ANSWER_TITLE} />
  )
}
