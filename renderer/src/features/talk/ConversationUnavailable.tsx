import { Button } from '@radix-ui/themes'
import { RefreshIcon, SearchIcon, WarningIcon } from '../../ui/icons'
import { StatusPanel } from '../../ui/StatusPanel'
import { talkStrings } from './talk.strings'

/** GET conversation failed: not yours or gone (404), or a failure worth retrying. */
export function ConversationUnavailable({
  notFound,
  onRetry,
  onStartNew,
}: Readonly<{ notFound: boolean; onRetry: () => void; onStartNew: () => void }>) {
  return (
    <StatusPanel
      titleLevel="h2"
      icon={notFound ? <SearchIcon size={32} /> : <WarningIcon size={32} />}
      title={notFound ? talkStrings.conversationNotFoundTitle : talkStrings.conversationLoadFailedTitle}
      actions={
        <>
          {notFound ? null : (
            <Button size="3" onClick={onRetry}>
              <RefreshIcon />
              {talkStrings.retry}
            </Button>
          )}
          <Button size="3" variant={notFound ? 'solid' : 'soft'} onClick={onStartNew}>
            {talkStrings.startNewConversation}
          </Button>
        </>
      }
    >
      {notFound ? talkStrings.conversationNotFoundText : talkStrings.conversationLoadFailedText}
    </StatusPanel>
  )
}
