import { type CSSProperties, type ReactNode, useState } from 'react'

type Size = '1' | '2' | '3' | '4' | '5' | '6' | '7' | '8' | '9'
type Breakpoint = 'initial' | 'xs' | 'sm' | 'md' | 'lg' | 'xl'

interface AvatarProps {
  /** The picture; without one, or when it fails to load, the fallback (initials) shows. */
  src?: string | null
  alt?: string
  fallback: ReactNode
  size?: Size | Partial<Record<Breakpoint, Size>>
  radius?: 'none' | 'small' | 'medium' | 'large' | 'full'
  className?: string
  style?: CSSProperties
  'aria-hidden'?: boolean
}

/**
 * Radix Themes' Avatar, its classes and look, with the picture in the page from the first render. Radix's
 * waits for a `new Image()` to load: it renders an empty circle first and sets its state in a layout effect,
 * which React applies in the same task as a second, synchronous render of the whole screen together with
 * every passive effect (issue #27: the longest task of the talk screen's first load), and the portrait the
 * server wrote was taken away until that image had loaded. Here the `<img>` stays; only a failed load
 * shows the initials.
 */
export function Avatar({
  src,
  alt = '',
  fallback,
  size = '3',
  radius,
  className,
  style,
  'aria-hidden': ariaHidden,
}: AvatarProps) {
  const [failed, setFailed] = useState<string | null>(null)
  const showImage = Boolean(src) && failed !== src
  const letters = typeof fallback === 'string' ? fallback.length : 0
  return (
    <span
      data-accent-color=""
      data-radius={radius}
      className={['rt-reset', 'rt-AvatarRoot', ...sizeClasses(size), 'rt-variant-soft', className]
        .filter(Boolean)
        .join(' ')}
      style={style}
      aria-hidden={ariaHidden}
    >
      {showImage ? (
        <img
          className="rt-AvatarImage"
          src={src ?? undefined}
          alt={alt}
          onError={() => setFailed(src ?? null)}
        />
      ) : (
        <span
          className={`rt-AvatarFallback${letters === 1 ? ' rt-one-letter' : letters === 2 ? ' rt-two-letters' : ''}`}
        >
          {fallback}
        </span>
      )}
    </span>
  )
}

/** Radix Themes' responsive class names: `rt-r-size-8 sm:rt-r-size-9`. */
function sizeClasses(size: NonNullable<AvatarProps['size']>): string[] {
  if (typeof size === 'string') return [`rt-r-size-${size}`]
  return Object.entries(size).map(([breakpoint, value]) =>
    breakpoint === 'initial' ? `rt-r-size-${value}` : `${breakpoint}:rt-r-size-${value}`,
  )
}
