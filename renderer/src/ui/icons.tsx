import type { ReactNode, SVGProps } from 'react'

export type IconProps = Omit<SVGProps<SVGSVGElement>, 'children'> & {
  /** Gives the icon an accessible name; without it the icon is decorative and hidden from assistive tech. */
  label?: string
  size?: number
}

/** The base of every icon: a 24×24 stroked SVG, decorative unless it has a label. */
export function Icon({ label, size = 16, children, ...rest }: IconProps & { children: ReactNode }) {
  return (
    <svg
      xmlns="http://www.w3.org/2000/svg"
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      focusable="false"
      role="img"
      aria-label={label}
      aria-hidden={label ? undefined : true}
      {...rest}
    >
      {label ? <title>{label}</title> : null}
      {children}
    </svg>
  )
}

/** An icon that points (back, send): flipped in a right-to-left layout (ui/app.css). */
export const mirrored = (className?: string) => (className ? `icon-mirrored ${className}` : 'icon-mirrored')

/** A rosette with a check mark (verified creator). */
export const VerifiedIcon = (props: IconProps) => (
  <Icon {...props}>
    <path
      fill="currentColor"
      stroke="none"
      d="M12 1.5l2.6 1.9 3.2-.2 1 3.1 2.6 1.9-1 3.1 1 3.1-2.6 1.9-1 3.1-3.2-.2L12 22.5l-2.6-1.9-3.2.2-1-3.1-2.6-1.9 1-3.1-1-3.1 2.6-1.9 1-3.1 3.2.2z"
    />
    <path d="M8.2 12.2l2.6 2.6 5-5.2" stroke="var(--verified-check, white)" strokeWidth={2.2} />
  </Icon>
)

export const MessageIcon = (props: IconProps) => (
  <Icon {...props}>
    <path d="M21 12a8.5 8.5 0 0 1-12.4 7.6L3 21l1.4-5.2A8.5 8.5 0 1 1 21 12z" />
  </Icon>
)

export const PhoneIcon = (props: IconProps) => (
  <Icon {...props}>
    <path d="M22 16.9v3a2 2 0 0 1-2.2 2 19.8 19.8 0 0 1-8.6-3.1 19.5 19.5 0 0 1-6-6A19.8 19.8 0 0 1 2.1 4.2 2 2 0 0 1 4.1 2h3a2 2 0 0 1 2 1.7c.1.9.4 1.8.7 2.7a2 2 0 0 1-.5 2.1L8 9.8a16 16 0 0 0 6 6l1.3-1.3a2 2 0 0 1 2.1-.5c.9.3 1.8.6 2.7.7a2 2 0 0 1 1.7 2z" />
  </Icon>
)

export const VideoIcon = (props: IconProps) => (
  <Icon {...props}>
    <rect x="2" y="6" width="14" height="12" rx="2" />
    <path d="M16 10.5l6-3.5v10l-6-3.5z" />
  </Icon>
)

export const LinkIcon = (props: IconProps) => (
  <Icon {...props}>
    <path d="M10 13a5 5 0 0 0 7.5.5l3-3a5 5 0 0 0-7-7l-1.7 1.7" />
    <path d="M14 11a5 5 0 0 0-7.5-.5l-3 3a5 5 0 0 0 7 7l1.7-1.7" />
  </Icon>
)

/** Send points along the line of writing: it mirrors right to left, as the back arrow does. */
export const SendIcon = ({ className, ...props }: IconProps) => (
  <Icon {...props} className={mirrored(className)}>
    <path d="M12 19V5" />
    <path d="M5 12l7-7 7 7" />
  </Icon>
)

export const CloseIcon = (props: IconProps) => (
  <Icon {...props}>
    <path d="M18 6L6 18" />
    <path d="M6 6l12 12" />
  </Icon>
)

export const MicIcon = (props: IconProps) => (
  <Icon {...props}>
    <rect x="9" y="2" width="6" height="12" rx="3" />
    <path d="M19 10a7 7 0 0 1-14 0" />
    <path d="M12 17v5" />
  </Icon>
)

export const WarningIcon = (props: IconProps) => (
  <Icon {...props}>
    <path d="M10.3 3.9L1.8 18a2 2 0 0 0 1.7 3h17a2 2 0 0 0 1.7-3L13.7 3.9a2 2 0 0 0-3.4 0z" />
    <path d="M12 9v4" />
    <path d="M12 17h.01" />
  </Icon>
)

export const SearchIcon = (props: IconProps) => (
  <Icon {...props}>
    <circle cx="11" cy="11" r="7" />
    <path d="M21 21l-4.3-4.3" />
  </Icon>
)

export const RefreshIcon = (props: IconProps) => (
  <Icon {...props}>
    <path d="M21 12a9 9 0 1 1-2.6-6.4L21 8" />
    <path d="M21 3v5h-5" />
  </Icon>
)

/** The product mark: two overlapping speech bubbles, a person and their likeness. */
export const LogoMark = ({ size = 24, ...rest }: IconProps) => (
  <svg
    xmlns="http://www.w3.org/2000/svg"
    width={size}
    height={size}
    viewBox="0 0 32 32"
    aria-hidden
    focusable="false"
    {...rest}
  >
    <rect x="2" y="4" width="19" height="16" rx="8" fill="var(--accent-9)" />
    <rect x="11" y="12" width="19" height="16" rx="8" fill="var(--accent-11)" opacity="0.85" />
    <circle cx="16" cy="20" r="1.6" fill="var(--accent-contrast)" />
    <circle cx="21" cy="20" r="1.6" fill="var(--accent-contrast)" />
    <circle cx="26" cy="20" r="1.6" fill="var(--accent-contrast)" />
  </svg>
)

export const OfflineIcon = (props: IconProps) => (
  <Icon {...props}>
    <path d="M2 2l20 20" />
    <path d="M8.5 16.4a5 5 0 0 1 7 0" />
    <path d="M5 12.9a10 10 0 0 1 5.2-2.8" />
    <path d="M19 12.9a10 10 0 0 0-2.1-1.6" />
    <path d="M2 8.8a15 15 0 0 1 4.2-2.6" />
    <path d="M10.7 5.1A15 15 0 0 1 22 8.8" />
    <path d="M12 20h.01" />
  </Icon>
)
