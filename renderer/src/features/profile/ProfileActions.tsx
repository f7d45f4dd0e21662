import { Button, Flex } from '@radix-ui/themes'
import { Link } from '@tanstack/react-router'
import type { ReactNode } from 'react'
import { callLink, talkLink, videoLink } from '../../navigation/clone-links'
import { LinkIcon, MessageIcon, PhoneIcon, VideoIcon } from '../../ui/icons'
import { profileStrings } from './profile.strings'

export interface ProfileActionsProps {
  slug: string
  instanceSlug: string | null
  allowVoice: boolean
  /** The disabled Call button once the voice quota is used up (from CallQuotaCheck), or null. */
  blockedCall?: ReactNode
  /** The disabled Video button once the video quota is used up (from CallQuotaCheck), or null. */
  blockedVideo?: ReactNode
  allowVideo: boolean
  hasSocials: boolean
  onViewLinks: () => void
  /** Hover or focus on View Links: a chance to load the dialog before the click. */
  onViewLinksIntent?: () => void
}

/** Message, Call (voice allowed), Video (video allowed) and View Links (any social set): spec 1 §2, 2 §2. */
export function ProfileActions({
  slug,
  instanceSlug,
  allowVoice,
  blockedCall = null,
  blockedVideo,
  allowVideo,
  hasSocials,
  onViewLinks,
  onViewLinksIntent,
}: Readonly<ProfileActionsProps>) {
  return (
    <Flex gap="3" wrap="wrap" justify="center" className="profile-actions">
      <Button asChild size="3">
        <Link {...talkLink(slug, instanceSlug)}>
          <MessageIcon />
          {profileStrings.message}
        </Link>
      </Button>
      {allowVoice && blockedCall ? (
        blockedCall
      ) : allowVoice ? (
        <Button asChild size="3" variant="soft">
          <Link {...callLink(slug, instanceSlug)}>
            <PhoneIcon />
            {profileStrings.call}
          </Link>
        </Button>
      ) : null}
      {allowVideo
        ? (blockedVideo ?? (
            <Button asChild size="3" variant="soft">
              <Link {...videoLink(slug, instanceSlug)}>
                <VideoIcon />
                {profileStrings.video}
              </Link>
            </Button>
          ))
        : null}
      {hasSocials ? (
        <Button
          size="3"
          variant="outline"
          onClick={onViewLinks}
          onPointerEnter={onViewLinksIntent}
          onFocus={onViewLinksIntent}
        >
          <LinkIcon />
          {profileStrings.viewLinks}
        </Button>
      ) : null}
    </Flex>
  )
}
