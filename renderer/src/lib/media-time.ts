import { libStrings } from './lib.strings'

const pad2 = (n: number) => String(n).padStart(2, '0')

/** Whole seconds into a video or episode from a citation timestamp in milliseconds (never negative). */
export const startSecondsFromMs = (timestampMs: number): number =>
  Number.isFinite(timestampMs) && timestampMs > 0 ? Math.floor(timestampMs / 1000) : 0

/**
 * spec 1 §9: podcast timestamps are milliseconds, shown 'HH[h] mm[m]' when over 3600 s, else 'mm[m] ss[s]'.
 * Hours are not zero-padded ('1h 05m'), minutes and seconds are ('04m 07s').
 */
export function formatPodcastTimestamp(timestampMs: number): string {
  const total = startSecondsFromMs(timestampMs)
  if (total > 3600) {
    const hours = Math.floor(total / 3600)
    const minutes = Math.floor((total % 3600) / 60)
    return libStrings.podcastHours(hours, pad2(minutes))
  }
  return libStrings.podcastMinutes(pad2(Math.floor(total / 60)), pad2(total % 60))
}

/** A video position as players show it: '4:07', '1:02:03'. */
export function formatVideoTimestamp(timestampMs: number): string {
  const total = startSecondsFromMs(timestampMs)
  const hours = Math.floor(total / 3600)
  const minutes = Math.floor((total % 3600) / 60)
  const seconds = total % 60
  return hours > 0 ? `${hours}:${pad2(minutes)}:${pad2(seconds)}` : `${minutes}:${pad2(seconds)}`
}
