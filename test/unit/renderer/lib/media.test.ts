import { describe, expect, it } from 'vitest'
import { base64FromUtf8 } from '../../../../renderer/src/lib/base64'
import { citationMarkerAt, citationMarkers } from '../../../../renderer/src/lib/citation-markers'
import {
  formatPodcastTimestamp,
  formatVideoTimestamp,
  startSecondsFromMs,
} from '../../../../renderer/src/lib/media-time'
import {
  youtubeEmbedUrl,
  youtubeThumbnailUrl,
  youtubeVideoId,
  youtubeWatchUrl,
} from '../../../../renderer/src/lib/youtube'

describe('citation markers', () => {
  it('lists the numbers 1..99 a text cites, once each, in order', () => {
    expect(citationMarkers('a [2] b [1][2] c [100] [0] [07] [99]')).toEqual([2, 1, 99])
    expect(citationMarkers('no markers')).toEqual([])
  })

  it('reads a marker at a position', () => {
    expect(citationMarkerAt('x [12] y', 2)).toEqual({ index: 12, length: 4 })
    expect(citationMarkerAt('x [12] y', 0)).toBeNull()
    expect(citationMarkerAt('[100]')).toBeNull()
  })
})

describe('media time formats', () => {
  it('shows podcast times as mm[m] ss[s] up to an hour', () => {
    expect(formatPodcastTimestamp(247_000)).toBe('04m 07s')
    expect(formatPodcastTimestamp(0)).toBe('00m 00s')
    expect(formatPodcastTimestamp(59_999)).toBe('00m 59s')
    expect(formatPodcastTimestamp(3_600_000)).toBe('60m 00s')
  })

  it('shows podcast times over 3600 s as HH[h] mm[m]', () => {
    expect(formatPodcastTimestamp(3_900_000)).toBe('1h 05m')
    expect(formatPodcastTimestamp(3_601_000)).toBe('1h 00m')
    expect(formatPodcastTimestamp(36_000_000 + 120_000)).toBe('10h 02m')
  })

  it('turns a millisecond timestamp into a whole-second start offset', () => {
    expect(startSecondsFromMs(64_999)).toBe(64)
    expect(startSecondsFromMs(-5)).toBe(0)
    expect(startSecondsFromMs(Number.NaN)).toBe(0)
  })

  it('shows video times like a player', () => {
    expect(formatVideoTimestamp(247_000)).toBe('4:07')
    expect(formatVideoTimestamp(3_723_000)).toBe('1:02:03')
  })
})

describe('youtube', () => {
  it.each([
    ['https://www.youtube.com/watch?v=Jt7LagRace1', 'Jt7LagRace1'],
    ['https://youtube.com/watch?v=HrvRecov_x2&t=30', 'HrvRecov_x2'],
    ['https://m.youtube.com/watch?v=Nap4Athlete', 'Nap4Athlete'],
    ['https://youtu.be/MornLight10?t=4', 'MornLight10'],
    ['https://www.youtube.com/embed/Wear5Track9', 'Wear5Track9'],
    ['https://www.youtube.com/shorts/abcdefghijk', 'abcdefghijk'],
  ])('finds the id in %s', (url, id) => {
    expect(youtubeVideoId(url)).toBe(id)
  })

  it.each([
    'https://vimeo.com/123',
    'not a url',
    'https://www.youtube.com/watch',
    'https://youtube.com/channel/x',
  ])('finds no id in %s', (url) => {
    expect(youtubeVideoId(url)).toBeNull()
  })

  it('builds thumbnail, embed and watch addresses with the start offset in seconds', () => {
    expect(youtubeThumbnailUrl('Jt7LagRace1')).toBe('https://i.ytimg.com/vi/Jt7LagRace1/hqdefault.jpg')
    expect(youtubeEmbedUrl('Jt7LagRace1', 64_500)).toBe(
      'https://www.youtube-nocookie.com/embed/Jt7LagRace1?start=64&autoplay=1&rel=0',
    )
    expect(youtubeWatchUrl('Jt7LagRace1', 64_500)).toBe('https://www.youtube.com/watch?v=Jt7LagRace1&t=64s')
    expect(youtubeWatchUrl('Jt7LagRace1', null)).toBe('https://www.youtube.com/watch?v=Jt7LagRace1')
  })
})

describe('base64FromUtf8', () => {
  it('encodes UTF-8 text', () => {
    expect(base64FromUtf8('https://shop.example.com/a')).toBe(btoa('https://shop.example.com/a'))
    expect(atob(base64FromUtf8('é'))).toBe('\u00c3\u00a9')
  })
})
