import { IconButton } from '@radix-ui/themes'
import { openDialog } from '../../navigation/dialogs.store'
import { HistoryIcon } from '../../ui/lazy-icons'
import { Tooltip } from '../../ui/tooltip'
import { historyStrings } from './history.strings'

/** Opens the history drawer (spec 1 §2: the talk page title shows it, on small screens too). */
export function HistoryButton() {
  return (
    <Tooltip content={historyStrings.openHistory}>
      <IconButton
        variant="ghost"
        color="gray"
        size="2"
        radius="full"
        aria-label={historyStrings.openHistory}
        onClick={() => openDialog({ kind: 'history' })}
      >
        <HistoryIcon size={18} />
      </IconButton>
    </Tooltip>
  )
}
