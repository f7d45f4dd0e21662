import { VerifiedIcon } from './icons'

/** The verified-creator mark next to a clone's name; announced as 'Verified'. */
export function VerifiedBadge({ size = 18 }: Readonly<{ size?: number }>) {
  return <VerifiedIcon label="Verified" size={size} className="verified-badge" />
}
