/**
 * What read-aloud speaks (spec 1 §4 'Read aloud'): the answer without markup and without citation markers.
 * Text is what a listener would hear: tags, markdown emphasis, code fences and `[n]` markers removed,
 * links reduced to their words, whitespace folded.
 */
export function speakableText(raw: string): string {
  return (
    raw
      // HTML: line breaks and block ends become pauses, other tags go.
      .replace(/<\s*(br|\/p|\/li|\/h[1-6])\s*\/?>/gi, '. ')
      .replace(/<[^>]*>/g, ' ')
      .replace(/&nbsp;/g, ' ')
      .replace(/&amp;/g, '&')
      .replace(/&lt;/g, '<')
      .replace(/&gt;/g, '>')
      .replace(/&quot;/g, '"')
      .replace(/&#39;/g, "'")
      // Citation markers [1]..[99], alone or in runs like [1][2].
      .replace(/\s*\[(?:[1-9]\d?)\]/g, '')
      // Markdown: fenced code, links, emphasis, headings, bullets.
      .replace(/```[\s\S]*?```/g, ' ')
      .replace(/\[([^\]]+)\]\((?:[^)]+)\)/g, '$1')
      .replace(/(\*\*|__)(.+?)\1/g, '$2')
      .replace(/(^|[^*\w])[*_]([^*_\n]+)[*_](?=[^*\w]|$)/g, '$1$2')
      .replace(/`([^`]+)`/g, '$1')
      .replace(/^\s{0,3}#{1,6}\s+/gm, '')
      .replace(/^\s*(?:[-*•]|\d+\.)\s+/gm, '')
      .replace(/\s+/g, ' ')
      .replace(/\s+([.,;:!?])/g, '$1')
      .replace(/([.!?])\s*\.\s/g, '$1 ')
      .trim()
  )
}

/** The most text one request may speak; longer answers are cut at a sentence end. */
export const MAX_SPOKEN_CHARACTERS = 4000

export function clampSpokenText(text: string, max = MAX_SPOKEN_CHARACTERS): string {
  if (text.length <= max) return text
  const cut = text.slice(0, max)
  const end = Math.max(cut.lastIndexOf('. '), cut.lastIndexOf('! '), cut.lastIndexOf('? '))
  return end > max / 2 ? cut.slice(0, end + 1) : cut
}
