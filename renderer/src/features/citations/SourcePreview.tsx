import { Badge, Flex, Text, Link as ThemeLink } from '@radix-ui/themes'
import { useState } from 'react'
import { linkPreviewImageUrl } from '../../api/chat'
import { resolveApiUrl } from '../../api/client'
import { formatPodcastTimestamp, formatVideoTimestamp, startSecondsFromMs } from '../../lib/media-time'
import { youtubeEmbedUrl, youtubeThumbnailUrl, youtubeWatchUrl } from '../../lib/youtube'
import { ExternalLinkIcon, PlayIcon } from '../../ui/lazy-icons'
import type { SourceItem } from './citations'
import { citationsStrings } from './citations.strings'

const AUDIO_FILE = /\.(mp3|m4a|aac|ogg|oga|opus|wav|flac)(\?|#|$)/i

/** Opened by the visitor: a click, or a middle click for a new tab. */
type OnOpen = () => void

function ExternalLink({
  href,
  label,
  title,
  onOpen,
}: Readonly<{ href: string; label: string; title: string; onOpen: OnOpen }>) {
  return (
    <ThemeLink
      size="2"
      href={resolveApiUrl(href)}
      onClick={onOpen}
      onAuxClick={(event) => {
        if (event.button === 1) onOpen()
      }}
      target="_blank"
      rel="noopener noreferrer"
      aria-label={citationsStrings.linkLabel(label, title)}
      className="source-link"
    >
      {label}
      <ExternalLinkIcon size={14} />
    </ThemeLink>
  )
}

/** spec 1 §2: a YouTube thumbnail that becomes the privacy-enhanced player at the cited second. */
function YoutubePreview({
  videoId,
  item,
  onOpen,
}: Readonly<{ videoId: string; item: SourceItem; onOpen: OnOpen }>) {
  const [playing, setPlaying] = useState(false)
  const [thumbnailFailed, setThumbnailFailed] = useState(false)
  const { title, timestamp } = item.citation
  return (
    <div className="source-video">
      {playing ? (
        <iframe
          className="source-video__frame"
          src={youtubeEmbedUrl(videoId, timestamp)}
          title={citationsStrings.videoTitle(title)}
          allow="autoplay; encrypted-media; picture-in-picture; fullscreen"
          referrerPolicy="strict-origin-when-cross-origin"
        />
      ) : (
        <button
          type="button"
          className="source-video__poster"
          aria-label={citationsStrings.playVideo(title)}
          onClick={() => setPlaying(true)}
        >
          {thumbnailFailed ? null : (
            <img
              src={youtubeThumbnailUrl(videoId)}
              alt=""
              loading="lazy"
              onError={() => setThumbnailFailed(true)}
            />
          )}
          <span className="source-video__play" aria-hidden>
            <PlayIcon size={22} />
          </span>
        </button>
      )}
      <ExternalLink
        href={youtubeWatchUrl(videoId, timestamp)}
        label={citationsStrings.watchOnYoutube}
        title={title}
        onOpen={onOpen}
      />
    </div>
  )
}

/** spec 1 §2: podcast items play from the cited moment (an audio file), or link to the episode there. */
function PodcastPreview({ item, onOpen }: Readonly<{ item: SourceItem; onOpen: OnOpen }>) {
  const { url, timestamp, title } = item.citation
  if (!url) return null
  const time = timestamp !== null ? formatPodcastTimestamp(timestamp) : null
  if (AUDIO_FILE.test(url)) {
    return (
      <Flex direction="column" gap="1">
        {time ? (
          <Text size="1" color="gray">
            {citationsStrings.startsAt(time)}
          </Text>
        ) : null}
        {/* biome-ignore lint/a11y/useMediaCaption: creators' episodes come without caption tracks; the cited passage is shown as text below */}
        <audio
          className="source-audio"
          controls
          preload="none"
          src={`${resolveApiUrl(url)}#t=${startSecondsFromMs(timestamp ?? 0)}`}
          aria-label={citationsStrings.podcastPlayer(title)}
        />
      </Flex>
    )
  }
  return (
    <ExternalLink
      href={url}
      label={time ? citationsStrings.listenFrom(time) : citationsStrings.open}
      title={title}
      onOpen={onOpen}
    />
  )
}

/** spec 1 §7 'Link preview': the page's preview image from /api/og, hidden when there is none. */
function WebsitePreview({ item, onOpen }: Readonly<{ item: SourceItem; onOpen: OnOpen }>) {
  const [failed, setFailed] = useState(false)
  const { url, title } = item.citation
  if (!url || !item.href) return null
  return (
    <>
      {failed ? null : (
        <img
          className="source-og"
          src={linkPreviewImageUrl(url)}
          alt={citationsStrings.previewOf(title)}
          loading="lazy"
          onError={() => setFailed(true)}
        />
      )}
      <ExternalLink href={item.href} label={citationsStrings.open} title={title} onOpen={onOpen} />
    </>
  )
}

/** The type-specific part of a source item. */
export function SourcePreview({ item, onOpen }: Readonly<{ item: SourceItem; onOpen: OnOpen }>) {
  const { citation } = item
  if (citation.type === 'Youtube' && item.youtubeId)
    return <YoutubePreview videoId={item.youtubeId} item={item} onOpen={onOpen} />
  if (citation.type === 'Podcast') return <PodcastPreview item={item} onOpen={onOpen} />
  if (citation.type === 'Website') return <WebsitePreview item={item} onOpen={onOpen} />
  if (citation.type === 'Twitter' && item.href) {
    return (
      <ExternalLink
        href={item.href}
        label={citationsStrings.viewTweet}
        title={citation.title}
        onOpen={onOpen}
      />
    )
  }
  return item.href ? (
    <ExternalLink href={item.href} label={citationsStrings.open} title={citation.title} onOpen={onOpen} />
  ) : null
}

/** spec 1 §2: the time badge of a used YouTube item. */
export function VideoTimeBadge({ timestampMs }: Readonly<{ timestampMs: number }>) {
  return (
    <Badge size="1" variant="soft" color="red" radius="full">
      {formatVideoTimestamp(timestampMs)}
    </Badge>
  )
}
