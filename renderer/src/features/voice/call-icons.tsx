import { Icon, type IconProps } from '../../ui/icons'

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
