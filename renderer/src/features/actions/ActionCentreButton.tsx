import { IconButton } from '@radix-ui/themes'
import { MoreIcon } from '../../ui/lazy-icons'
import { Tooltip } from '../../ui/tooltip'
import { runActionCentreStep } from './action-centre.store'
import { actionsStrings as s } from './actions.strings'

/**
 * Opens the action centre's menu (spec 1 §2 `actions=menu`) from the talk page's title bar, so sharing,
 * 'Get a Text', socials and feedback are reachable without typing the parameter.
 */
export function ActionCentreButton() {
  return (
    <Tooltip content={s.openMenu}>
      <IconButton
        variant="ghost"
        color="gray"
        size="2"
        radius="full"
        aria-label={s.openMenu}
        aria-haspopup="dialog"
        onClick={() =>
          runActionCentreStep({ kind: 'dialog', dialog: { kind: 'actionCentre' }, home: 'menu' })
        }
      >
        <MoreIcon size={18} />
      </IconButton>
    </Tooltip>
  )
}
