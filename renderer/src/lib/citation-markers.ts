/** spec 1 §5 / §9: citation numbers run from 1 to 99. */
export const CITATION_NUMBER_MIN = 1
export const CITATION_NUMBER_MAX = 99

/** A marker such as '[7]': one or two digits without a leading zero, so '[0]', '[07]' and '[100]' are not markers. */
export const CITATION_MARKER_SOURCE = '\\[([1-9]\\d?)\\]'

/** The number of a marker at the very start of `text`, or null ('[3] rest' → 3, '[100]' → null). */
export function citationMarkerAt(text: string, position = 0): { index: number; length: number } | null {
  const match = new RegExp(CITATION_MARKER_SOURCE, 'y')
  match.lastIndex = position
  const found = match.exec(text)
  if (!found?.[1]) return null
  return { index: Number(found[1]), length: found[0].length }
}

/** Every citation number the text refers to, in order of first appearance (spec 1 §5 'used'). */
export function citationMarkers(text: string): number[] {
  const seen = new Set<number>()
  for (const match of text.matchAll(new RegExp(CITATION_MARKER_SOURCE, 'g'))) {
    seen.add(Number(match[1]))
  }
  return [...seen]
}
