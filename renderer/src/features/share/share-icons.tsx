import { Icon, type IconProps } from '../../ui/icons'

/** Icons of the share row beside those in ui/chat-icons (X, LinkedIn, Facebook, Instagram). */

export const WhatsAppIcon = (props: IconProps) => (
  <Icon {...props}>
    <path d="M3 21l1.6-4.7A8.5 8.5 0 1 1 7.9 19.6z" />
    <path d="M9 10c0 2.5 2.5 5 5 5l1.2-1.2 1.8.8v1.4c-4 .6-8.6-4-8-8h1.4l.8 1.8z" />
  </Icon>
)

export const MailIcon = (props: IconProps) => (
  <Icon {...props}>
    <rect x="2" y="4" width="20" height="16" rx="2" />
    <path d="M22 6l-10 7L2 6" />
  </Icon>
)
