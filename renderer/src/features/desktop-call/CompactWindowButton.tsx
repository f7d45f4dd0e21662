import { IconButton } from '@radix-ui/themes'
import { usePlatform } from '../../platform'
import { Tooltip } from '../../ui/tooltip'
import { desktopCallStrings as t } from './desktop-call.strings'
import { CompactIcon } from './desktop-call-icons'

/**
 * Shrinks the desktop app to the compact call window (the window-mode event that follows switches the
 * layout). Only in the desktop shell, whose platform has a call window; on the web and in embeds it
 * renders nothing.
 */
export function CompactWindowButton() {
  const callWindow = usePlatform().callWindow
  if (!callWindow) return null
  return (
    <Tooltip content={t.compactWindowHint}>
      <IconButton
        className="desktop-call-compact-button"
        size="3"
        radius="full"
        variant="surface"
        color="gray"
        aria-label={t.compactWindow}
        onClick={() => void callWindow.setMode('compact').catch(() => undefined)}
      >
        <CompactIcon />
      </IconButton>
    </Tooltip>
  )
}
