import { Button, Flex, Heading, Text } from '@radix-ui/themes'
import { lazy, Suspense, useId } from 'react'
import { trackEvent } from '../../api/events'
import { getPlatform } from '../../platform'
import { LinkIcon } from '../../ui/icons'
import { copyShareLink, loadShareRow } from '../share'
import { videoStrings } from './video.strings'

const ShareRow = lazy(() => loadShareRow().then((m) => ({ default: m.ShareRow })))

/** The shared video page of a share (spec 2 §2 'Shared video page'): /{slug}/video/shared/{shareId}. */
export const sharedVideoPath = (slug: string, shareId: string) =>
  `/${encodeURIComponent(slug)}/video/shared/${encodeURIComponent(shareId)}`

/**
 * Its public address: the web origin, or the server's on the desktop app (as the share feature's
 * publicPageUrl, which lives in a chunk the talk and voice screens share: reading it from here would split it).
 */
export function sharedVideoUrl(slug: string, shareId: string): string {
  const platform = getPlatform()
  const origin = platform.kind === 'desktop' ? platform.apiBaseUrl : window.location.origin
  return new URL(sharedVideoPath(slug, shareId), `${origin}/`).href
}

/**
 * spec 2 §2 sidebar 'Share Call': copy link ('Copied Share Link') and share-on buttons (the share feature's
 * row). Large screens only (voice.css hides .call-aside below).
 */
export function VideoShareAside({
  slug,
  shareId,
  cloneName,
  conversationId,
}: Readonly<{ slug: string; shareId: string; cloneName: string; conversationId: string | null }>) {
  const headingId = useId()
  const url = sharedVideoUrl(slug, shareId)
  // spec 2 §7 'Tracked events': VIDEO_CALL_SHARE on each copy or share-on, sent and forgotten.
  const tracked = () =>
    trackEvent({ type: 'VIDEO_CALL_SHARE', slug, ...(conversationId ? { conversationId } : {}) })
  const copy = () => {
    tracked()
    void copyShareLink(url)
  }
  return (
    <aside className="call-aside" aria-labelledby={headingId}>
      <Flex direction="column" gap="4" align="start">
        <Heading as="h2" size="3" id={headingId}>
          {videoStrings.shared.shareCall}
        </Heading>
        <Button variant="soft" onClick={copy}>
          <LinkIcon />
          {videoStrings.shared.copyLink}
        </Button>
        <Text size="2" weight="medium">
          {videoStrings.shared.shareOn}
        </Text>
        <Suspense fallback={null}>
          <ShareRow
            content={{ url, text: videoStrings.shared.shareText(cloneName) }}
            nativeShare={null}
            onCopy={copy}
            onShareOn={tracked}
          />
        </Suspense>
      </Flex>
    </aside>
  )
}
