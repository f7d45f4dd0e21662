import { Inflate } from 'fflate'
import { ExtractError, READ_LIMITS, TOO_LARGE_TEXT, UNREADABLE_TEXT } from './limits'

interface ZipEntry {
  method: number
  compressedSize: number
  declaredSize: number
  localOffset: number
}

/** Compressed bytes handed to the inflater at a time: deflate expands at most ~1032x, so one step stays small. */
const INPUT_STEP = 16 * 1024
const EOCD_SIGNATURE = 0x06054b50
const CENTRAL_SIGNATURE = 0x02014b50
const LOCAL_SIGNATURE = 0x04034b50

/**
 * A zip archive (docx, pptx, xlsx, epub) read within READ_LIMITS.unzippedBytes (issue #15: a zip bomb is
 * refused). The central directory's declared sizes are checked first, and the bytes actually inflated are
 * counted as they come, since declared sizes can lie. Only the entries asked for are inflated.
 */
export class ZipReader {
  private readonly entries = new Map<string, ZipEntry>()
  private inflated = 0

  constructor(
    private readonly bytes: Uint8Array,
    private readonly budget: number = READ_LIMITS.unzippedBytes,
  ) {
    const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength)
    const eocd = findEndOfDirectory(view)
    const count = view.getUint16(eocd + 10, true)
    let at = view.getUint32(eocd + 16, true)
    if (count === 0xffff || at === 0xffffffff) throw new ExtractError(UNREADABLE_TEXT) // zip64: not a document
    const names = new TextDecoder('utf-8')
    for (let i = 0; i < count; i++) {
      if (at + 46 > bytes.length || view.getUint32(at, true) !== CENTRAL_SIGNATURE) {
        throw new ExtractError(UNREADABLE_TEXT)
      }
      const flags = view.getUint16(at + 8, true)
      const nameLength = view.getUint16(at + 28, true)
      const skip = nameLength + view.getUint16(at + 30, true) + view.getUint16(at + 32, true)
      const name = names.decode(bytes.subarray(at + 46, at + 46 + nameLength))
      const entry: ZipEntry = {
        method: view.getUint16(at + 10, true),
        compressedSize: view.getUint32(at + 20, true),
        declaredSize: view.getUint32(at + 24, true),
        localOffset: view.getUint32(at + 42, true),
      }
      // An encrypted entry cannot be read without its password.
      if ((flags & 1) === 0 && !this.entries.has(name)) this.entries.set(name, entry)
      at += 46 + skip
    }
  }

  get names(): string[] {
    return [...this.entries.keys()]
  }

  has(name: string): boolean {
    return this.entries.has(name)
  }

  /**
   * The entry's text, decoded as UTF-8, in chunks as it is inflated: a reader that has enough text stops
   * early and the rest is never inflated. Throws ExtractError(TOO_LARGE_TEXT) once the archive's inflated
   * bytes pass the budget.
   */
  *text(name: string): Generator<string> {
    const entry = this.entries.get(name)
    if (!entry) throw new ExtractError(UNREADABLE_TEXT)
    if (this.inflated + entry.declaredSize > this.budget) throw new ExtractError(TOO_LARGE_TEXT)
    const data = this.entryData(entry)
    const decoder = new TextDecoder('utf-8')
    if (entry.method === 0) {
      this.count(data.length)
      yield decoder.decode(data)
      return
    }
    if (entry.method !== 8) throw new ExtractError(UNREADABLE_TEXT)
    let pending: Uint8Array[] = []
    const inflater = new Inflate((chunk) => {
      pending.push(chunk)
    })
    for (let at = 0; at < data.length || at === 0; at += INPUT_STEP) {
      const end = Math.min(at + INPUT_STEP, data.length)
      try {
        inflater.push(data.subarray(at, end), end >= data.length)
      } catch {
        throw new ExtractError(UNREADABLE_TEXT)
      }
      const out = pending
      pending = []
      for (const chunk of out) {
        this.count(chunk.length)
        const text = decoder.decode(chunk, { stream: true })
        if (text !== '') yield text
      }
      if (end >= data.length) break
    }
    const rest = decoder.decode()
    if (rest !== '') yield rest
  }

  /** The whole text of a small entry (a manifest, a rels file, the workbook), at most `maxChars`. */
  readAll(name: string, maxChars = 4 * 1024 * 1024): string {
    let text = ''
    for (const chunk of this.text(name)) {
      text += chunk
      if (text.length > maxChars) throw new ExtractError(TOO_LARGE_TEXT)
    }
    return text
  }

  private count(bytes: number): void {
    this.inflated += bytes
    if (this.inflated > this.budget) throw new ExtractError(TOO_LARGE_TEXT)
  }

  private entryData(entry: ZipEntry): Uint8Array {
    const view = new DataView(this.bytes.buffer, this.bytes.byteOffset, this.bytes.byteLength)
    const at = entry.localOffset
    if (at + 30 > this.bytes.length || view.getUint32(at, true) !== LOCAL_SIGNATURE) {
      throw new ExtractError(UNREADABLE_TEXT)
    }
    const start = at + 30 + view.getUint16(at + 26, true) + view.getUint16(at + 28, true)
    const end = start + entry.compressedSize
    if (end > this.bytes.length) throw new ExtractError(UNREADABLE_TEXT)
    return this.bytes.subarray(start, end)
  }
}

function findEndOfDirectory(view: DataView): number {
  const last = view.byteLength - 22
  // The end record is followed by a comment of at most 65,535 bytes.
  for (let at = last; at >= 0 && at >= last - 0xffff; at--) {
    if (view.getUint32(at, true) === EOCD_SIGNATURE) return at
  }
  throw new ExtractError(UNREADABLE_TEXT)
}

/** A path inside the archive, resolved from the folder of the file that names it (rels targets, OPF hrefs). */
export function resolveZipPath(baseDir: string, target: string): string {
  const clean = target.split('#')[0] ?? ''
  let decoded = clean
  try {
    decoded = decodeURIComponent(clean)
  } catch {}
  const parts = decoded.startsWith('/') ? [] : baseDir.split('/').filter(Boolean)
  for (const part of decoded.split('/')) {
    if (part === '..') parts.pop()
    else if (part !== '.' && part !== '') parts.push(part)
  }
  return parts.join('/')
}

/** The folder of an archive path, with its trailing slash ('' at the root). */
export function zipDir(path: string): string {
  return path.slice(0, path.lastIndexOf('/') + 1)
}
