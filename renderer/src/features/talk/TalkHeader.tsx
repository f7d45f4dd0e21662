import { Flex, Skeleton, Text } from '@radix-ui/themes'
import { Link } from '@tanstack/react-router'
import { initialsOf } from '../../lib/initials'
import { profileLink } from '../../navigation/clone-links'
import { Avatar } from '../../ui/avatar'
import { ArrowLeftIcon } from '../../ui/lazy-icons'
import { VerifiedBadge } from '../../ui/VerifiedBadge'
import { ActionCentreButton } from '../actions'
import { HistoryButton } from '../history'
import { talkStrings } from './talk.strings'

/** The talk page's title bar: the clone (back to its profile) and the conversation's title. */
export function TalkHeader({
  slug,
  instanceSlug,
  name,
  imageUrl,
  verified,
  subtitle,
  actions = false,
}: Readonly<{
  slug: string
  instanceSlug: string | null
  name: string
  imageUrl: string | undefined
  verified: boolean
  subtitle: string | null
  /** The action centre's button: the talk page has one, a shared view none (spec 1 §6). */
  actions?: boolean
}>) {
  return (
    <div className="talk-header">
      <Flex align="center" gap="3" className="talk-header__inner">
        <Link
          {...profileLink(slug, instanceSlug)}
          className="talk-header__back"
          aria-label={talkStrings.backToProfile(name)}
        >
          <ArrowLeftIcon size={18} />
          <Avatar src={imageUrl} alt="" fallback={initialsOf(name)} size="2" radius="full" />
        </Link>
        <Flex direction="column" className="talk-header__text">
          <Flex align="center" gap="1">
            <h1 className="talk-header__name">{name}</h1>
            {verified ? <VerifiedBadge size={16} /> : null}
          </Flex>
          {subtitle ? (
            <Text size="1" color="gray" className="talk-header__subtitle">
              {subtitle}
            </Text>
          ) : null}
        </Flex>
        <Flex ml="auto" align="center" gap="3">
          {actions ? <ActionCentreButton /> : null}
          <HistoryButton />
        </Flex>
      </Flex>
    </div>
  )
}

/** The title bar's shape while the clone loads: the back link with the portrait, and the name. */
export function TalkHeaderSkeleton() {
  return (
    <div className="talk-header" aria-hidden="true">
      <Flex align="center" gap="3" className="talk-header__inner">
        <Skeleton width="58px" height="32px" />
        <Skeleton width="140px" height="20px" />
      </Flex>
    </div>
  )
}
