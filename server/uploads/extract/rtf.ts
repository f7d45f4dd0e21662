import { ExtractError, UNREADABLE_TEXT } from './limits'
import type { TextSink } from './text-sink'

/** Group nesting refused past this: real RTF stays within a few dozen levels. */
const MAX_DEPTH = 1000

/** Groups whose content is not text: fonts, colours, styles, metadata, pictures, objects, field codes. */
const SKIPPED_DESTINATIONS = new Set([
  'fonttbl',
  'colortbl',
  'stylesheet',
  'listtable',
  'listoverridetable',
  'revtbl',
  'rsidtbl',
  'info',
  'pict',
  'object',
  'objdata',
  'themedata',
  'colorschememapping',
  'datastore',
  'latentstyles',
  'xmlnstbl',
  'filetbl',
  'generator',
  'fldinst',
  'header',
  'headerl',
  'headerr',
  'headerf',
  'footer',
  'footerl',
  'footerr',
  'footerf',
])

const BREAKS: Record<string, string> = {
  par: '\n',
  line: '\n',
  sect: '\n',
  page: '\n',
  row: '\n',
  tab: '\t',
  cell: '\t',
}

/** Windows-1252 for 0x80-0x9f; the rest of the \'hh range is Latin-1. */
const CP1252 =
  '\u20ac\u0081\u201a\u0192\u201e\u2026\u2020\u2021\u02c6\u2030\u0160\u2039\u0152\u008d\u017d\u008f' +
  '\u0090\u2018\u2019\u201c\u201d\u2022\u2013\u2014\u02dc\u2122\u0161\u203a\u0153\u009d\u017e\u0178'
const ansiChar = (byte: number): string =>
  byte >= 0x80 && byte < 0xa0 ? (CP1252[byte - 0x80] ?? '') : String.fromCharCode(byte)

interface GroupState {
  skip: boolean
  uc: number
}

const ascii = (bytes: Uint8Array, from: number, to: number): string =>
  String.fromCharCode(...bytes.subarray(from, to))
const isLetter = (c: number): boolean => (c >= 97 && c <= 122) || (c >= 65 && c <= 90)
const isDigit = (c: number): boolean => c >= 48 && c <= 57

/**
 * The text of an RTF document: control words and the groups that hold no text are dropped; \par, \line,
 * \tab, \'hh and \uN are read. One pass over the bytes with an explicit group stack, so deep nesting
 * cannot overflow the call stack (it is refused past MAX_DEPTH).
 */
export function readRtf(bytes: Uint8Array, sink: TextSink): void {
  if (ascii(bytes, 0, 5) !== '{\\rtf') throw new ExtractError(UNREADABLE_TEXT)
  const stack: GroupState[] = []
  let state: GroupState = { skip: false, uc: 1 }
  // Fallback characters still to drop after a \uN.
  let fallback = 0
  let i = 0
  const emit = (text: string): void => {
    if (fallback > 0) fallback--
    else if (!state.skip) sink.add(text)
  }
  while (i < bytes.length && !sink.full) {
    const c = bytes[i] as number
    if (c === 0x7b) {
      if (stack.length >= MAX_DEPTH) throw new ExtractError(UNREADABLE_TEXT)
      stack.push(state)
      state = { ...state }
      fallback = 0
      i++
      // {\*\destination ...}: a group a reader may ignore when it does not know it.
      if (bytes[i] === 0x5c && bytes[i + 1] === 0x2a) state.skip = true
      continue
    }
    if (c === 0x7d) {
      state = stack.pop() ?? state
      fallback = 0
      i++
      continue
    }
    if (c === 0x0d || c === 0x0a) {
      i++
      continue
    }
    if (c !== 0x5c) {
      emit(ansiChar(c))
      i++
      continue
    }
    const next = bytes[i + 1] ?? 0
    if (!isLetter(next)) {
      i += 2
      if (next === 0x27) {
        const hex = String.fromCharCode(bytes[i] ?? 0, bytes[i + 1] ?? 0)
        i += 2
        if (/^[0-9a-fA-F]{2}$/.test(hex)) emit(ansiChar(Number.parseInt(hex, 16)))
      } else if (next === 0x5c || next === 0x7b || next === 0x7d) emit(String.fromCharCode(next))
      else if (next === 0x7e) emit('\u00a0')
      else if (next === 0x5f) emit('-')
      else if (next === 0x0a || next === 0x0d) emit('\n')
      continue
    }
    let j = i + 1
    while (j < bytes.length && j - i <= 32 && isLetter(bytes[j] as number)) j++
    const word = ascii(bytes, i + 1, j)
    const numberStart = j
    if (bytes[j] === 0x2d) j++
    while (j < bytes.length && j - numberStart <= 11 && isDigit(bytes[j] as number)) j++
    const hasNumber = j > numberStart && !(j === numberStart + 1 && bytes[numberStart] === 0x2d)
    const param = hasNumber ? Number(ascii(bytes, numberStart, j)) : 0
    if (!hasNumber) j = numberStart
    if (bytes[j] === 0x20) j++
    i = j
    if (word === 'bin') {
      i += Math.max(0, param)
    } else if (word === 'u') {
      if (!state.skip) sink.add(String.fromCharCode(param < 0 ? param + 65536 : param))
      fallback = state.uc
    } else if (word === 'uc') {
      state.uc = Math.max(0, param)
    } else if (SKIPPED_DESTINATIONS.has(word)) {
      state.skip = true
    } else if (BREAKS[word] !== undefined) {
      fallback = 0
      if (!state.skip) sink.add(BREAKS[word])
    }
  }
}
