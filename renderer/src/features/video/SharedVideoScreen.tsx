import './video.css'
import { Button, Flex, Heading, Spinner, Text } from '@radix-ui/themes'
import { useQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { useEffect, useRef } from 'react'
import { toast } from 'sonner'
import type { ChatMessage } from '../../../../contract/chat'
import type { SharedVideoCall } from '../../../../contract/video'
import { isApiError } from '../../api/client'
import { trackEvent } from '../../api/events'
import { fetchSharedVideo, sharedVideoQueryKey } from '../../api/video'
import { dateFormat } from '../../lib/language'
import { exploreLink, videoLink } from '../../navigation/clone-links'
import { LogoMark, RefreshIcon, SearchIcon, VideoIcon, WarningIcon } from '../../ui/icons'
import { ArrowDownIcon } from '../../ui/lazy-icons'
import { StatusPanel } from '../../ui/StatusPanel'
import { useDocumentTitle } from '../../ui/use-document-title'
import { CallTranscriptLines } from '../calls'
import { VideoShareAside } from './VideoShareAside'
import { NAVIGATION_TIMEOUT_MS } from './video.constants'
import { videoStrings } from './video.strings'

const strings = videoStrings.shared
const FORMATS = {
  time: { hour: '2-digit', minute: '2-digit', second: '2-digit' },
  date: { dateStyle: 'medium', timeStyle: 'short' },
} satisfies Record<string, Intl.DateTimeFormatOptions>
const formatted = (kind: keyof typeof FORMATS, iso: string) => {
  const value = new Date(iso)
  if (Number.isNaN(value.getTime())) return ''
  return dateFormat(FORMATS[kind]).format(value)
}

class NavigationTimeout extends Error {}

/** spec 2 §9 'navigation timeout 5000 ms': the page's data, or a NavigationTimeout once that has passed. */
async function fetchWithin(shareId: string, signal: AbortSignal) {
  const controller = new AbortController()
  let timedOut = false
  const timer = setTimeout(() => {
    timedOut = true
    controller.abort()
  }, NAVIGATION_TIMEOUT_MS)
  const forward = () => controller.abort()
  signal.addEventListener('abort', forward)
  try {
    return await fetchSharedVideo(shareId, controller.signal)
  } catch (error) {
    throw timedOut ? new NavigationTimeout(strings.navigationTimeout) : error
  } finally {
    clearTimeout(timer)
    signal.removeEventListener('abort', forward)
  }
}

/** spec 2 §2: 'Download throws an error if there is no recording url'. */
export function downloadRecording(recordingUrl: string | null, fileName: string, doc: Document = document) {
  if (!recordingUrl) throw new Error(strings.noRecording)
  const link = doc.createElement('a')
  link.href = recordingUrl
  link.download = fileName
  link.rel = 'noopener'
  link.click()
}

export function SharedVideoScreen({ slug, shareId }: Readonly<{ slug: string; shareId: string }>) {
  const shared = useQuery({
    queryKey: sharedVideoQueryKey(shareId),
    queryFn: ({ signal }) => fetchWithin(shareId, signal),
    retry: false,
  })
  const name = shared.data?.clone.name
  useDocumentTitle(name ? strings.title(name) : strings.shortTitle)

  let body: React.ReactNode
  let aside: React.ReactNode = null
  if (shared.isPending) {
    body = (
      <Flex justify="center" py="9" role="status" aria-label={videoStrings.loading}>
        <Spinner size="3" />
      </Flex>
    )
  } else if (shared.isError) {
    const gone = isApiError(shared.error) && shared.error.isNotFound
    const timedOut = shared.error instanceof NavigationTimeout
    body = (
      <StatusPanel
        icon={gone ? <SearchIcon size={32} /> : <WarningIcon size={32} />}
        title={gone ? strings.notFound : timedOut ? strings.navigationTimeout : strings.loadFailed}
        actions={
          gone ? null : (
            <Button size="3" onClick={() => void shared.refetch()}>
              <RefreshIcon />
              {videoStrings.tryAgain}
            </Button>
          )
        }
      />
    )
  } else if (shared.data.clone.slug !== slug) {
    // A share of another clone's call under this clone's address: not this page.
    body = <StatusPanel icon={<SearchIcon size={32} />} title={strings.notFound} />
  } else {
    const call = shared.data
    const conversationId = call.messages[0]?.conversationId ?? null
    body = (
      <SharedVideoBody
        slug={slug}
        conversationId={conversationId}
        name={call.clone.name}
        startedAt={call.startedAt}
        recordingUrl={call.recordingUrl}
        messages={call.messages}
        citations={call.citations}
        products={call.products}
      />
    )
    aside = (
      <VideoShareAside
        slug={slug}
        shareId={shareId}
        cloneName={call.clone.name}
        conversationId={conversationId}
      />
    )
  }

  return (
    <>
      <header className="call-bar">
        <Flex align="center" gap="3" className="call-bar__inner">
          <Link {...exploreLink()} aria-label={strings.home}>
            <LogoMark size={28} />
          </Link>
          <Button asChild ml="auto" size="2">
            <Link {...videoLink(slug)}>
              <VideoIcon />
              {strings.newCall}
            </Link>
          </Button>
        </Flex>
      </header>
      <main id="main" className="page call-page">
        <div className="call-layout">
          <div className="call-body">{body}</div>
          {aside}
        </div>
      </main>
    </>
  )
}

/**
 * spec 2 §7 'Tracked events': VIDEO_CALL_VIEW_TRANSCRIPT once when a video call's transcript is shown (the
 * video flow's transcript is this page: its ended screen has Chat and Call Again only, spec 2 §2).
 */
function useTranscriptViewed(slug: string, conversationId: string | null) {
  // Once per call shown, also where development mode runs effects twice.
  const sent = useRef<string | null>(null)
  useEffect(() => {
    const key = `${slug}/${conversationId}`
    if (sent.current === key) return
    sent.current = key
    trackEvent({ type: 'VIDEO_CALL_VIEW_TRANSCRIPT', slug, ...(conversationId ? { conversationId } : {}) })
  }, [slug, conversationId])
}

function SharedVideoBody({
  slug,
  conversationId,
  name,
  startedAt,
  recordingUrl,
  messages,
  citations,
  products,
}: Readonly<{
  slug: string
  conversationId: string | null
  name: string
  startedAt: string
  recordingUrl: string | null
  messages: readonly ChatMessage[]
  citations: SharedVideoCall['citations']
  products: SharedVideoCall['products']
}>) {
  const download = () => {
    try {
      downloadRecording(recordingUrl, `${strings.title(name)}.webm`)
    } catch (error) {
      toast.error(error instanceof Error ? error.message : strings.noRecording)
    }
  }
  useTranscriptViewed(slug, conversationId)
  return (
    <Flex direction="column" gap="4" className="shared-video">
      <Flex align="start" justify="between" gap="3" wrap="wrap">
        <div>
          <Heading as="h1" size="6">
            <span className="shared-video__title-long">{strings.title(name)}</span>
            <span className="shared-video__title-short">{strings.shortTitle}</span>
          </Heading>
          <Text size="2" color="gray" asChild>
            <time dateTime={startedAt}>{formatted('date', startedAt)}</time>
          </Text>
        </div>
        <Button variant="soft" onClick={download}>
          <ArrowDownIcon />
          {strings.download}
        </Button>
      </Flex>
      {recordingUrl ? (
        // biome-ignore lint/a11y/useMediaCaption: the transcript below is the call's text.
        <video className="shared-video__player" src={recordingUrl} controls playsInline preload="metadata" />
      ) : (
        <Text as="p" size="3" color="gray" role="status">
          {strings.recordingMissing}
        </Text>
      )}
      <Heading as="h2" size="4">
        {strings.transcript}
      </Heading>
      <CallTranscriptLines
        messages={messages}
        cloneName={name}
        youLabel={strings.you}
        slug={slug}
        citations={citations}
        products={products}
      />
    </Flex>
  )
}
