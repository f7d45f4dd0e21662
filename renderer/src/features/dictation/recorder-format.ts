/** spec 2 §9 'preferred formats webm opus then mp4 aac', in the order they are tried. */
export const RECORDER_MIME_TYPES = [
  'audio/webm;codecs=opus',
  'audio/mp4;codecs=mp4a.40.2',
  'audio/mp4',
] as const

export type RecorderMimeType = (typeof RECORDER_MIME_TYPES)[number]

/**
 * The first preferred format the browser records (Chrome, Edge, Firefox: webm/opus; Safari: mp4/aac), or
 * undefined to let the browser choose its own when it takes none of them.
 */
export function chooseRecorderMimeType(
  isTypeSupported: ((type: string) => boolean) | undefined,
): RecorderMimeType | undefined {
  if (!isTypeSupported) return undefined
  return RECORDER_MIME_TYPES.find((type) => {
    try {
      return isTypeSupported(type)
    } catch {
      return false
    }
  })
}
