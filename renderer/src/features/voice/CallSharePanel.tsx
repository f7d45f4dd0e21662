import { Button, Flex, Heading, Text } from '@radix-ui/themes'
import { useMutation } from '@tanstack/react-query'
import { lazy, Suspense, useId } from 'react'
import { toast } from 'sonner'
import type { ConversationMedium } from '../../../../contract/chat'
import { shareConversation } from '../../api/history'
import { LinkIcon } from '../../ui/icons'
import { copyShareLink, loadShareRow, publicPageUrl } from '../share'
import { voiceStrings } from './voice.strings'

const SHARE_TOAST_ID = 'share-call'
const ShareRow = lazy(() => loadShareRow().then((m) => ({ default: m.ShareRow })))

/**
 * spec 2 §2/§6: a call may be shared when it has a conversation id, its medium is a voice call, the
 * clone is public, the visitor is signed in and the call is not the special embed configuration (a call
 * inside a creator's embed, `useEmbed()`: its page belongs to the host site, so no public link leaves it).
 */
export function callShareable(input: {
  conversationId: string | null
  medium: ConversationMedium | string | null
  publicClone: boolean
  signedIn: boolean
  embedded: boolean
}): boolean {
  return (
    !!input.conversationId &&
    (input.medium === 'BROWSER_VOICE' || input.medium === 'PHONE_VOICE') &&
    input.publicClone &&
    input.signedIn &&
    !input.embedded
  )
}

/** A voice call's public page: /{slug}/call/shared/{shareId} (spec 2 §2), never the shared chat's. */
export const sharedCallPath = (slug: string, shareId: string) =>
  `/${encodeURIComponent(slug)}/call/shared/${encodeURIComponent(shareId)}`

/** Makes (or reuses) the call's public link: 'Sharing conversation...', 'Failed to share conversation.' */
export function useShareCall(slug: string, conversationId: string | null) {
  return useMutation({
    mutationFn: async () => {
      if (!conversationId) {
        toast.error(voiceStrings.noConversation)
        throw new Error(voiceStrings.noConversation)
      }
      toast.loading(voiceStrings.sharing, { id: SHARE_TOAST_ID })
      try {
        const { shared } = await shareConversation(conversationId)
        toast.dismiss(SHARE_TOAST_ID)
        // A call's public page is the shared call view (spec 2 §2), not the shared chat.
        return publicPageUrl(sharedCallPath(slug, shared.id))
      } catch (error) {
        toast.error(voiceStrings.shareFailed, { id: SHARE_TOAST_ID })
        throw error
      }
    },
  })
}

/** spec 2 §2 'Share panel for a call': 'Share Call', 'Copy link to video', 'Share on'; large screens only. */
export function CallSharePanel({
  slug,
  conversationId,
  cloneName,
}: Readonly<{ slug: string; conversationId: string | null; cloneName: string }>) {
  const headingId = useId()
  const share = useShareCall(slug, conversationId)
  const url = share.data ?? null
  const copy = async () => {
    const link = url ?? (await share.mutateAsync().catch(() => null))
    if (link) await copyShareLink(link)
  }
  return (
    <aside className="call-aside" aria-labelledby={headingId}>
      <Flex direction="column" gap="4" align="start">
        <Heading as="h2" size="3" id={headingId}>
          {voiceStrings.shareCall}
        </Heading>
        <Button variant="soft" onClick={() => void copy()} disabled={share.isPending}>
          <LinkIcon />
          {voiceStrings.copyLinkToVideo}
        </Button>
        <Text size="2" weight="medium">
          {voiceStrings.shareOn}
        </Text>
        {url ? (
          <Suspense fallback={null}>
            <ShareRow
              content={{ url, text: voiceStrings.shareText(cloneName) }}
              nativeShare={null}
              onCopy={() => void copyShareLink(url)}
            />
          </Suspense>
        ) : (
          <Button variant="soft" color="gray" onClick={() => share.mutate()} disabled={share.isPending}>
            {voiceStrings.shareCall}
          </Button>
        )}
      </Flex>
    </aside>
  )
}
