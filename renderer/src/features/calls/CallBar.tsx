import { Flex, Text } from '@radix-ui/themes'
import { Link } from '@tanstack/react-router'
import { initialsOf } from '../../lib/initials'
import { profileLink } from '../../navigation/clone-links'
import { Avatar } from '../../ui/avatar'
import { ArrowLeftIcon } from '../../ui/lazy-icons'
import { Tooltip } from '../../ui/tooltip'
import { VerifiedBadge } from '../../ui/VerifiedBadge'

/**
 * The call header's frame (spec 2 §2 'Header', voice and video): the back link to the profile when shown,
 * the clone's avatar, name and verified badge (with its tooltip, reachable by keyboard), an optional line
 * under the name, and at the end the call timer and the kind's own controls.
 */
export function CallBar({
  slug,
  instanceSlug,
  name,
  imageUrl,
  verified,
  showBack,
  backLabel,
  verifiedLabel,
  subtitle,
  timer,
  timerLabel,
  children,
}: Readonly<{
  slug: string
  instanceSlug: string | null
  name: string
  imageUrl: string | undefined
  verified: boolean
  showBack: boolean
  backLabel: string
  verifiedLabel: string
  /** A line under the name (the video title and its live badge), if any. */
  subtitle?: React.ReactNode
  /** mm:ss while the call is ACTIVE, else null. */
  timer: string | null
  timerLabel?: string
  /** The kind's own controls at the end (the language select). */
  children?: React.ReactNode
}>) {
  const nameLine = (
    <Flex align="center" gap="1" className={subtitle ? undefined : 'call-bar__text'}>
      <Text as="p" weight="bold" size="3" className="call-bar__name">
        {name}
      </Text>
      {verified ? (
        <Tooltip content={verifiedLabel}>
          {/* A focusable wrapper so keyboard users reach the tooltip too. */}
          <button type="button" className="call-header__badge" aria-label={verifiedLabel}>
            <VerifiedBadge size={16} />
          </button>
        </Tooltip>
      ) : null}
    </Flex>
  )
  return (
    <div className="call-bar">
      <Flex align="center" gap="3" className="call-bar__inner">
        {showBack ? (
          <Link {...profileLink(slug, instanceSlug)} className="call-bar__back" aria-label={backLabel}>
            <ArrowLeftIcon size={18} />
          </Link>
        ) : null}
        <Avatar src={imageUrl} alt="" fallback={initialsOf(name)} size="2" radius="full" />
        {subtitle ? (
          <Flex direction="column" className="call-bar__text">
            {nameLine}
            {subtitle}
          </Flex>
        ) : (
          nameLine
        )}
        <Flex ml="auto" align="center" gap="3">
          {timer ? (
            <Text size="2" weight="medium" className="call-timer" aria-label={timerLabel}>
              {timer}
            </Text>
          ) : null}
          {children}
        </Flex>
      </Flex>
    </div>
  )
}
