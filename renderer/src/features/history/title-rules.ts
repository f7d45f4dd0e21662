import { CONVERSATION_TITLE_MAX } from '../../../../contract/chat'
import { historyStrings } from './history.strings'

/** spec 1 §5: a title is 1 to 100 characters once trimmed; null when it is fine. */
export function titleProblem(title: string): string | null {
  const trimmed = title.trim()
  if (!trimmed) return historyStrings.titleRequired
  if (trimmed.length > CONVERSATION_TITLE_MAX) return historyStrings.titleTooLong(CONVERSATION_TITLE_MAX)
  return null
}
