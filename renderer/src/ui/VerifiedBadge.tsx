import { VerifiedIcon } from './icons'
import { uiStrings } from './ui.strings'

/** The verified-creator mark next to a clone's name; announced as 'Verified'. */
export function VerifiedBadge({ size = 18 }: Readonly<{ size?: number }>) {
  return <VerifiedIcon label={uiStrings.verified} size={size} className="verified-badge" />
}
