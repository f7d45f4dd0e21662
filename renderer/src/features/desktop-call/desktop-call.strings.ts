import { defineStrings, msg } from '../../../../contract/i18n'

/** The desktop app's call window and tray entry (issue #26 part 7). */
export const desktopCallStrings = defineStrings('desktopCall', {
  // {name}: the clone's name (the tray entry's first line, the compact window's label)
  callWith: msg('Call with {name}', 'name'),
  compactWindow: 'Compact window',
  compactWindowHint: 'Shrink the call to a small window that stays on top',
  fullWindow: 'Back to the full window',
  showWindow: 'Show window',
  mute: 'Mute',
  unmute: 'Unmute',
  hangUp: 'Hang up',
  connecting: 'Connecting…',
  callTimer: 'Call duration',
  muted: 'Muted',
})
