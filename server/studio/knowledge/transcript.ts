import type { TimedSegment } from '../../db/schema'

/*
 * A pasted or uploaded transcript (issue #16 'Teach it'): SRT and WebVTT become timed segments, so a chunk
 * keeps the start of its first cue and a citation jumps to that moment; anything else is plain, untimed text.
 */

export interface ParsedTranscript {
  format: 'srt' | 'vtt' | 'text'
  /** The cues with their start, in order; null for plain text. */
  segments: TimedSegment[] | null
  /** Plain text (the cues' words joined when timed). */
  text: string
}

/** '01:02:03,456', '01:02:03.456', '02:03.456' (WebVTT may leave out the hours). */
const TIME = String.raw`(?:(\d{1,3}):)?(\d{1,2}):(\d{2})[.,](\d{1,3})`
const TIMING = new RegExp(String.raw`^\s*${TIME}\s*-->\s*${TIME}`)

function startOf(line: string): number | null {
  const match = TIMING.exec(line)
  if (!match) return null
  const [, h, m, s, ms] = match
  const millis = Number((ms ?? '0').padEnd(3, '0'))
  return ((Number(h ?? 0) * 60 + Number(m)) * 60 + Number(s)) * 1000 + millis
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' }

/** A cue's words: voice, class and timestamp tags and formatting removed, entities decoded. */
function cueText(lines: readonly string[]): string {
  return lines
    .join(' ')
    .replace(/<[^>]*>/g, '')
    .replace(/\{\\[^}]*\}/g, '')
    .replace(/&(amp|lt|gt|quot|apos|nbsp);/g, (_, name: string) => ENTITIES[name] ?? '')
    .replace(/\s+/g, ' ')
    .trim()
}

/** Blocks separated by blank lines, each as its lines. */
const blocksOf = (raw: string): string[][] =>
  raw
    .replace(/^\uFEFF/, '')
    .replace(/\r\n?/g, '\n')
    .split(/\n[ \t]*\n/)
    .map((block) => block.split('\n').filter((line) => line.trim() !== ''))
    .filter((lines) => lines.length > 0)

function cuesOf(blocks: readonly string[][], skip: (lines: readonly string[]) => boolean): TimedSegment[] {
  const segments: TimedSegment[] = []
  for (const lines of blocks) {
    if (skip(lines)) continue
    // The timing line, after an optional cue number (SRT) or identifier (WebVTT).
    const at = lines.findIndex((line) => startOf(line) !== null)
    if (at === -1 || at > 1) continue
    const text = cueText(lines.slice(at + 1))
    // Rolling captions (YouTube's automatic ones) repeat the previous cue: keep each line once.
    if (!text || text === segments.at(-1)?.text) continue
    segments.push({ startMs: startOf(lines[at]!)!, text })
  }
  return segments
}

/** WebVTT blocks that are not cues: the header, notes, styles and regions. */
const notACue = (lines: readonly string[]) => /^(WEBVTT|NOTE|STYLE|REGION)\b/.test(lines[0]!.trim())

/**
 * The transcript in `raw`: WebVTT when it starts with 'WEBVTT', SRT when its blocks carry
 * '00:00:01,000 --> 00:00:04,000' timings, plain text otherwise (also when no cue has words).
 */
export function parseTranscript(raw: string): ParsedTranscript {
  const blocks = blocksOf(raw)
  const isVtt = /^\uFEFF?WEBVTT\b/.test(raw.trimStart())
  const timed = isVtt || blocks.some((lines) => lines.slice(0, 2).some((line) => startOf(line) !== null))
  if (timed) {
    const segments = cuesOf(blocks, isVtt ? notACue : () => false)
    if (segments.length > 0) {
      return {
        format: isVtt ? 'vtt' : 'srt',
        segments,
        text: segments.map((s) => s.text).join(' '),
      }
    }
  }
  return { format: 'text', segments: null, text: raw.replace(/^\uFEFF/, '').trim() }
}
