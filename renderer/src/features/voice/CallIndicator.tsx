import { initialsOf } from '../../lib/initials'
import { Avatar } from '../../ui/avatar'
import type { CloneStatus } from './call.machine'

/** What the indicator shows: the clone's state in a call, or the call's own phase around it. */
export type IndicatorState = CloneStatus | 'connecting' | 'idle' | 'failed'

/**
 * spec 2 §2 'Clone indicator': the avatar in its call ring (pulsing while the clone speaks, breathing while
 * it listens, red on failure) and the thinking ring.
 */
export function CallIndicator({
  name,
  imageUrl,
  state,
}: Readonly<{ name: string; imageUrl: string | undefined; state: IndicatorState }>) {
  return (
    <div className={`call-indicator call-indicator--${state}`} data-state={state}>
      <span className="call-ring" aria-hidden />
      <span className="call-thinking-ring" aria-hidden />
      <Avatar
        src={imageUrl}
        alt=""
        fallback={initialsOf(name)}
        size="9"
        radius="full"
        className="call-avatar"
      />
    </div>
  )
}
