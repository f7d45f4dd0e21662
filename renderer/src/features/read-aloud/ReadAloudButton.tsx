import { IconButton, Spinner } from '@radix-ui/themes'
import { toast } from 'sonner'
import { isApiError } from '../../api/client'
import { WarningIcon } from '../../ui/icons'
import { StopIcon } from '../../ui/lazy-icons'
import { Tooltip } from '../../ui/tooltip'
import type { ReadAloudStatus } from './read-aloud.machine'
import { readAloudPlayer, useReadAloudStatus } from './read-aloud.store'
import { readAloudStrings as s } from './read-aloud.strings'
import { SpeakerIcon } from './SpeakerIcon'

/** The button's name in each state, read when shown (in the active language). */
const labelOf = (status: ReadAloudStatus): string =>
  ({ idle: s.readAloud, loading: s.loading, playing: s.stop, error: s.retry })[status]

/** Reads one clone message aloud in the clone's voice, or stops it (spec 1 §2, spec 2 §2). */
export function ReadAloudButton({
  messageId,
  slug,
  text,
}: Readonly<{ messageId: string; slug: string; text: string }>) {
  const status = useReadAloudStatus(messageId)
  const onClick = async () => {
    const outcome = await readAloudPlayer.toggle({ messageId, slug, text })
    if (outcome.kind === 'blocked') toast.error(s.blocked)
    else if (outcome.kind === 'failed') {
      toast.error(isApiError(outcome.error) && outcome.error.status > 0 ? outcome.error.message : s.failed)
    }
  }
  const label = labelOf(status)
  return (
    <Tooltip content={label}>
      <IconButton
        size="1"
        variant="ghost"
        color={status === 'error' ? 'red' : 'gray'}
        aria-label={label}
        aria-pressed={status === 'playing' || status === 'loading'}
        data-status={status}
        onClick={() => void onClick()}
      >
        {status === 'loading' ? (
          <Spinner size="1" />
        ) : status === 'playing' ? (
          <StopIcon size={14} />
        ) : status === 'error' ? (
          <WarningIcon size={14} />
        ) : (
          <SpeakerIcon size={14} />
        )}
      </IconButton>
    </Tooltip>
  )
}
