/**
 * The clone's answer as Vapi speaks it: the citation markers of a chat answer ('[1]', spec 1 §5) mean nothing
 * aloud, so they are dropped from the token stream as it passes. A marker can arrive split over tokens
 * ('[', '1', ']'): text from an open bracket is held until it is known to be a marker or not.
 */
export class SpokenText {
  private held = ''

  /** The part of this token that can be spoken now. */
  push(token: string): string {
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

  /** What is still held at the end (an unclosed bracket is plain text). */
  flush(): string {
    const rest = this.held
    this.held = ''
    return rest
  }
}
