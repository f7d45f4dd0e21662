import { strToU8 } from 'fflate'
import { beforeAll, describe, expect, it } from 'vitest'
import { extractFileText } from '../../../server/uploads/extract'
import {
  NO_TEXT_TEXT,
  READ_LIMITS,
  TIMED_OUT_TEXT,
  TOO_LARGE_TEXT,
  UNREADABLE_TEXT,
} from '../../../server/uploads/extract/limits'
import { bombDocx, docx, pdf, xlsx, zip } from '../../support/document-files'

/** Reads through the worker thread, as the server does, and measures the wall time. */
async function timed(
  fileName: string,
  bytes: Uint8Array,
): Promise<{ ms: number; text?: string; error?: string }> {
  const start = performance.now()
  try {
    const text = await extractFileText(fileName, bytes)
    return { ms: performance.now() - start, text }
  } catch (error) {
    return { ms: performance.now() - start, error: (error as Error).message }
  }
}

// Issue #15: a hostile file (zip bomb, 5,000-page PDF, malformed XML) gets a clear error and never takes
// the server down.
describe('hostile attachments', { timeout: 20_000 }, () => {
  // The times below are the file's, not the worker's start (about a second from the sources through tsx).
  beforeAll(async () => {
    await extractFileText('warm.docx', docx('<w:p><w:r><w:t>warm</w:t></w:r></w:p>'))
  }, 20_000)

  it('refuses a zip-bomb docx whose document.xml honestly declares 300 MB, without inflating it', async () => {
    const result = await timed('bomb.docx', bombDocx(300, 300 * 1024 * 1024))
    expect(result.error).toBe(TOO_LARGE_TEXT)
    expect(result.ms).toBeLessThan(3_000)
  })

  it('refuses a zip-bomb docx that lies about its size, once the inflated bytes pass the limit', async () => {
    const result = await timed('bomb.docx', bombDocx(300, 1_000))
    expect(result.error).toBe(TOO_LARGE_TEXT)
    expect(result.ms).toBeLessThan(5_000)
    // Zeros that are text are read up to READ_LIMITS.chars, and the rest is never inflated.
    const textBomb = await timed('zeros.docx', bombDocx(300, 1_000, true))
    expect(textBomb.text).toBe('0'.repeat(READ_LIMITS.chars))
    expect(textBomb.ms).toBeLessThan(3_000)
    // The worker is still there for the next file.
    expect(await extractFileText('fine.docx', docx('<w:p><w:r><w:t>After the bomb</w:t></w:r></w:p>'))).toBe(
      'After the bomb',
    )
  })

  it(`reads only the first ${READ_LIMITS.pages} pages of a 5,000-page PDF, in time`, async () => {
    const result = await timed(
      'huge.pdf',
      pdf(5_000, (n) => `P${n}`),
    )
    expect(result.error).toBeUndefined()
    expect(result.text).toContain(`P${READ_LIMITS.pages}`)
    expect(result.text).not.toContain(`P${READ_LIMITS.pages + 1}`)
    expect(result.ms).toBeLessThan(10_000)
  })

  it('refuses malformed workbooks: broken XML, shared strings missing, random bytes', async () => {
    const broken = xlsx([{ name: 'S', xml: '<row><c r="A1"><v>1</v></row></c>' }])
    const noShared = xlsx([{ name: 'S', xml: '<row><c r="A1" t="s"><v>0</v></c></row>' }])
    const unclosed = xlsx([
      { name: 'S', xml: `<row><c r="A1"><v>1</v></c></row><row ${'a="1" '.repeat(300_000)}` },
    ])
    const random = Uint8Array.from({ length: 64 * 1024 }, (_, i) => (i * 2654435761) >>> 24)
    const noWorkbook = zip({ 'xl/worksheets/sheet1.xml': '<worksheet/>' })
    for (const file of [broken, noShared, unclosed, random, noWorkbook]) {
      const result = await timed('book.xlsx', file)
      expect(result.error).toBe(UNREADABLE_TEXT)
      expect(result.ms).toBeLessThan(3_000)
    }
  })

  it('does not backtrack on pathological XML: many unclosed entities and quotes', async () => {
    const body = `<w:p><w:r><w:t>${'&amp'.repeat(200_000)}${'"'.repeat(100_000)}</w:t></w:r></w:p>`
    const result = await timed('odd.docx', docx(body))
    expect(result.text?.startsWith('&amp&amp')).toBe(true)
    expect(result.ms).toBeLessThan(3_000)
  })

  it('refuses an RTF nested 100,000 groups deep, and reads one of ordinary depth', async () => {
    const deep = `{\\rtf1 ${'{'.repeat(100_000)}deep${'}'.repeat(100_000)}}`
    const result = await timed('deep.rtf', strToU8(deep))
    expect(result.error).toBe(UNREADABLE_TEXT)
    expect(result.ms).toBeLessThan(3_000)
    const nested = `{\\rtf1 ${'{'.repeat(50)}nested${'}'.repeat(50)}}`
    expect(await extractFileText('ok.rtf', strToU8(nested))).toBe('nested')
  })

  it('says a document with nothing but blanks has no readable text', async () => {
    expect((await timed('blank.docx', docx('<w:p/><w:p><w:r><w:t> </w:t></w:r></w:p>'))).error).toBe(
      NO_TEXT_TEXT,
    )
  })

  it('stops the worker when the caller aborts, before or while it reads, and the next file is still read', async () => {
    const before = new AbortController()
    const early = extractFileText('huge.pdf', pdf(5_000), { signal: before.signal })
    before.abort()
    await expect(early).rejects.toThrow(TIMED_OUT_TEXT)
    const during = new AbortController()
    const start = performance.now()
    const reading = extractFileText('bomb.docx', bombDocx(300, 1_000), { signal: during.signal })
    await new Promise((resolve) => setImmediate(resolve))
    during.abort()
    await expect(reading).rejects.toThrow(TIMED_OUT_TEXT)
    // Promptly, not at the read's time limit (20 s); with room for a loaded 2-core machine starting the worker.
    expect(performance.now() - start).toBeLessThan(5_000)
    expect(await extractFileText('after.pdf', pdf(1))).toBe('Page 1 text')
  })
})
