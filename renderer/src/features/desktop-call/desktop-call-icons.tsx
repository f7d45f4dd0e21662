import { Icon, type IconProps } from '../../ui/icons'

/** A microphone. */
export const MicIcon = (props: IconProps) => (
  <Icon {...props}>
    <rect x="9" y="2" width="6" height="12" rx="3" />
    <path d="M19 10a7 7 0 0 1-14 0M12 17v5" />
  </Icon>
)

/** The microphone struck through (muted). */
export const MicOffIcon = (props: IconProps) => (
  <Icon {...props}>
    <path d="M2 2l20 20" />
    <path d="M15 9.3V5a3 3 0 0 0-5.7-1.3" />
    <path d="M9 9v3a3 3 0 0 0 5.1 2.1" />
    <path d="M19 10a7 7 0 0 1-1.2 3.9M16.9 16.9A7 7 0 0 1 5 10" />
    <path d="M12 17v5" />
  </Icon>
)

/** A handset turned down (end the call). */
export const HangUpIcon = (props: IconProps) => (
  <Icon {...props}>
    <path d="M3.6 14.6a2 2 0 0 1-.6-1.5c0-1 .4-2 1.2-2.6C6.4 8.8 9.1 8 12 8s5.6.8 7.8 2.5c.8.6 1.2 1.6 1.2 2.6a2 2 0 0 1-.6 1.5l-1.1 1.1a1.5 1.5 0 0 1-2 .1l-1.8-1.4a1.5 1.5 0 0 1-.5-1.2v-1.5a11 11 0 0 0-6 0v1.5c0 .5-.2.9-.5 1.2l-1.8 1.4a1.5 1.5 0 0 1-2-.1z" />
  </Icon>
)

/** A small window over a large one (shrink to the compact window). */
export const CompactIcon = (props: IconProps) => (
  <Icon {...props}>
    <rect x="3" y="4" width="18" height="16" rx="2" />
    <rect x="12" y="12" width="7" height="6" rx="1" />
  </Icon>
)

/** Arrows out to the corners (back to the full window). */
export const ExpandIcon = (props: IconProps) => (
  <Icon {...props}>
    <path d="M15 3h6v6M9 21H3v-6M21 3l-7 7M3 21l7-7" />
  </Icon>
)
