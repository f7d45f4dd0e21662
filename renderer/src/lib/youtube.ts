import { startSecondsFromMs } from './media-time'

const VIDEO_ID = /^[\w-]{6,20}$/

/** The video id of a YouTube address (watch, youtu.be, embed, shorts, live), or null. */
export function youtubeVideoId(url: string): string | null {
  let parsed: URL
  try {
    parsed = new URL(url)
  } catch {
    return null
  }
  const host = parsed.hostname.replace(/^(www\.|m\.|music\.)/, '')
  let id: string | null | undefined = null
  if (host === 'youtu.be') {
    id = parsed.pathname.split('/')[1]
  } else if (host === 'youtube.com' || host === 'youtube-nocookie.com') {
    const [first, second] = parsed.pathname.split('/').filter(Boolean)
    if (first === 'watch') id = parsed.searchParams.get('v')
    else if (first && ['embed', 'shorts', 'live', 'v'].includes(first)) id = second
  }
  return id && VIDEO_ID.test(id) ? id : null
}

export const youtubeThumbnailUrl = (videoId: string) => `https://i.ytimg.com/vi/${videoId}/hqdefault.jpg`

/** spec 1 §9: a YouTube timestamp becomes a start offset in seconds. */
export const youtubeEmbedUrl = (videoId: string, timestampMs: number | null) => {
  const start = startSecondsFromMs(timestampMs ?? 0)
  return `https://www.youtube-nocookie.com/embed/${videoId}?start=${start}&autoplay=1&rel=0`
}

/** The watch page at the cited moment, for opening in a new tab. */
export const youtubeWatchUrl = (videoId: string, timestampMs: number | null) => {
  const start = startSecondsFromMs(timestampMs ?? 0)
  return `https://www.youtube.com/watch?v=${videoId}${start > 0 ? `&t=${start}s` : ''}`
}
