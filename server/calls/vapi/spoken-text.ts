/** Where a clause ends: no pronounced word or phrase runs across it (contract/voice-settings.ts). */
const CLAUSE_END = /[.!?;:,\u3002\uff01\uff1f]\s|\n/g

/**
 * The clone's answer as Vapi speaks it: the citation markers of a chat answer ('[1]', spec 1 §5) mean nothing
 * aloud, so they are dropped from the token stream as it passes. A marker can arrive split over tokens
 * ('[', '1', ']'): text from an open bracket is held until it is known to be a marker or not. With the
 * creator's pronunciations (issue #26 part 2), text is let through a clause at a time, so a word or phrase
 * is whole when it is respelled; Vapi's voice waits for a clause's end before speaking anyway.
 */
export class SpokenText {
  private held = ''
  private clause = ''

  constructor(private readonly pronounce?: (text: string) => string) {}

  /** The part of this token that can be spoken now. */
  push(token: string): string {
    const out = this.dropMarkers(token)
    if (!this.pronounce) return out
    this.clause += out
    let cut = 0
    for (const match of this.clause.matchAll(CLAUSE_END)) cut = match.index + match[0].length
    if (cut === 0) return ''
    const ready = this.clause.slice(0, cut)
    this.clause = this.clause.slice(cut)
    return this.pronounce(ready)
  }

  /** What is still held at the end (an unclosed bracket is plain text). */
  flush(): string {
    const rest = this.clause + this.held
    this.held = ''
    this.clause = ''
    return this.pronounce && rest ? this.pronounce(rest) : rest
  }

  private dropMarkers(token: string): string {
    let out = ''
    for (const char of token) {
      if (this.held) {
        this.held += char
        if (/^\[\d{1,2}\]$/.test(this.held)) this.held = ''
        else if (!/^\[\d{0,2}$/.test(this.held)) {
          out += this.held
          this.held = ''
        }
      } else if (char === '[') this.held = char
      else out += char
    }
    // A space before a marker ('sleep [1].') is spoken anyway: harmless.
    return out
  }
}
