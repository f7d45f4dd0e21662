import { READ_LIMITS } from './limits'

/** Collects a document's text up to READ_LIMITS.chars; the readers stop as soon as it is full. */
export class TextSink {
  private readonly parts: string[] = []
  private length = 0

  constructor(private readonly limit: number = READ_LIMITS.chars) {}

  get full(): boolean {
    return this.length >= this.limit
  }

  add(text: string): void {
    if (this.full || text === '') return
    const kept = text.length > this.limit - this.length ? text.slice(0, this.limit - this.length) : text
    this.parts.push(kept)
    this.length += kept.length
  }

  /** The text with blank runs tidied; empty when the document had none. */
  text(): string {
    return this.parts
      .join('')
      .replace(/\r\n?/g, '\n')
      .split('\n')
      .map((line) => line.trimEnd())
      .join('\n')
      .replace(/\n{3,}/g, '\n\n')
      .trim()
  }
}
