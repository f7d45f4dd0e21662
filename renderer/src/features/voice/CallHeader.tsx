import { Avatar, Flex, Text } from '@radix-ui/themes'
import { Link } from '@tanstack/react-router'
import { initialsOf } from '../../lib/initials'
import { profileLink } from '../../navigation/clone-links'
import { ArrowLeftIcon } from '../../ui/lazy-icons'
import { Tooltip } from '../../ui/tooltip'
import { VerifiedBadge } from '../../ui/VerifiedBadge'
import { voiceStrings } from './voice.strings'

/**
 * spec 2 §2 'Header': back button while the call is idle, ended or failed; the clone's avatar, name and
 * verified badge (with its tooltip); the call timer while ACTIVE; the language select when not in a call.
 */
export function CallHeader({
  slug,
  instanceSlug,
  name,
  imageUrl,
  verified,
  showBack,
  timer,
  languagePicker,
}: Readonly<{
  slug: string
  instanceSlug: string | null
  name: string
  imageUrl: string | undefined
  verified: boolean
  showBack: boolean
  /** mm:ss while ACTIVE, else null. */
  timer: string | null
  languagePicker: React.ReactNode
}>) {
  return (
    <div className="call-bar">
      <Flex align="center" gap="3" className="call-bar__inner">
        {showBack ? (
          <Link
            {...profileLink(slug, instanceSlug)}
            className="call-bar__back"
            aria-label={voiceStrings.back(name)}
          >
            <ArrowLeftIcon size={18} />
          </Link>
        ) : null}
        <Avatar src={imageUrl} alt="" fallback={initialsOf(name)} size="2" radius="full" />
        <Flex align="center" gap="1" className="call-bar__text">
          <Text as="p" weight="bold" size="3" className="call-bar__name">
            {name}
          </Text>
          {verified ? (
            <Tooltip content={voiceStrings.verified}>
              {/* A focusable wrapper so keyboard users reach the tooltip too. */}
              <button type="button" className="call-header__badge" aria-label={voiceStrings.verified}>
                <VerifiedBadge size={16} />
              </button>
            </Tooltip>
          ) : null}
        </Flex>
        <Flex ml="auto" align="center" gap="3">
          {timer ? (
            <Text size="2" weight="medium" className="call-timer" aria-label={voiceStrings.callTimer}>
              {timer}
            </Text>
          ) : null}
          {languagePicker}
        </Flex>
      </Flex>
    </div>
  )
}
