import { Icon as ShellIcon, type IconProps as ShellIconProps } from '../../ui/icons'

// The shell's own icons, on the shared icon base.
/** Safari's Share icon (a box with an arrow out of the top), as the iOS hint refers to it. */
export const ShareIcon = (props: ShellIconProps) => (
  <ShellIcon {...props}>
    <path d="M12 3v12" />
    <path d="M8 7l4-4 4 4" />
    <path d="M7 10H6a2 2 0 0 0-2 2v7a2 2 0 0 0 2 2h12a2 2 0 0 0 2-2v-7a2 2 0 0 0-2-2h-1" />
  </ShellIcon>
)

/** Add to Home Screen (a square with a plus). */
export const AddToHomeIcon = (props: ShellIconProps) => (
  <ShellIcon {...props}>
    <rect x="4" y="4" width="16" height="16" rx="3" />
    <path d="M12 8v8" />
    <path d="M8 12h8" />
  </ShellIcon>
)

export const InstallIcon = (props: ShellIconProps) => (
  <ShellIcon {...props}>
    <path d="M12 4v11" />
    <path d="M7 10l5 5 5-5" />
    <path d="M5 20h14" />
  </ShellIcon>
)

export const UpdateIcon = (props: ShellIconProps) => (
  <ShellIcon {...props}>
    <path d="M20 11a8 8 0 0 0-14.9-3.5" />
    <path d="M4 4v4h4" />
    <path d="M4 13a8 8 0 0 0 14.9 3.5" />
    <path d="M20 20v-4h-4" />
  </ShellIcon>
)

export const OfflineIcon = (props: ShellIconProps) => (
  <ShellIcon {...props}>
    <path d="M2 2l20 20" />
    <path d="M8.5 16.4a5 5 0 0 1 7 0" />
    <path d="M5 12.9a10 10 0 0 1 5.2-2.8" />
    <path d="M19 12.9a10 10 0 0 0-2.1-1.6" />
    <path d="M2 8.8a15 15 0 0 1 4.2-2.6" />
    <path d="M10.7 5.1A15 15 0 0 1 22 8.8" />
    <path d="M12 20h.01" />
  </ShellIcon>
)
