import { Avatar, Flex, Text } from '@radix-ui/themes'
import { Link } from '@tanstack/react-router'
import { initialsOf } from '../../lib/initials'
import { profileLink } from '../../navigation/clone-links'
import { ArrowLeftIcon } from '../../ui/lazy-icons'
import { Tooltip } from '../../ui/tooltip'
import { VerifiedBadge } from '../../ui/VerifiedBadge'
import { videoStrings } from './video.strings'

/**
 * spec 2 §2 video 'Header': the back arrow in ENDED and INACTIVE; the clone's avatar, name and verified
 * badge; the video title with a live badge (a red 'Live' label while ACTIVE).
 */
export function VideoHeader({
  slug,
  instanceSlug,
  name,
  imageUrl,
  verified,
  showBack,
  live,
  timer,
}: Readonly<{
  slug: string
  instanceSlug: string | null
  name: string
  imageUrl: string | undefined
  verified: boolean
  showBack: boolean
  live: boolean
  timer: string | null
}>) {
  return (
    <div className="call-bar">
      <Flex align="center" gap="3" className="call-bar__inner">
        {showBack ? (
          <Link
            {...profileLink(slug, instanceSlug)}
            className="call-bar__back"
            aria-label={videoStrings.back}
          >
            <ArrowLeftIcon size={18} />
          </Link>
        ) : null}
        <Avatar src={imageUrl} alt="" fallback={initialsOf(name)} size="2" radius="full" />
        <Flex direction="column" className="call-bar__text">
          <Flex align="center" gap="1">
            <Text as="p" weight="bold" size="3" className="call-bar__name">
              {name}
            </Text>
            {verified ? (
              <Tooltip content={videoStrings.verified}>
                <button type="button" className="call-header__badge" aria-label={videoStrings.verified}>
                  <VerifiedBadge size={16} />
                </button>
              </Tooltip>
            ) : null}
          </Flex>
          <Flex align="center" gap="2">
            <Text size="1" color="gray">
              {videoStrings.videoTitle(name)}
            </Text>
            {live ? (
              <span className="video-live" data-live="true">
                {videoStrings.live}
              </span>
            ) : (
              <span className="video-live" data-live="false" aria-hidden="true" />
            )}
          </Flex>
        </Flex>
        {timer ? (
          <Text ml="auto" size="2" weight="medium" className="call-timer">
            {timer}
          </Text>
        ) : null}
      </Flex>
    </div>
  )
}
