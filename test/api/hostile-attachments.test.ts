import { randomBytes, randomUUID } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { FileRead } from '../../contract'
import { uploads, uploadTexts } from '../../server/db/schema'
import { READ_LIMITS, TOO_LARGE_TEXT, UNREADABLE_TEXT } from '../../server/uploads/extract/limits'
import { bombDocx, pdf, zip } from '../support/document-files'
import { sendChatMessage } from './chat-helpers'
import { createTestApp, type TestApp } from './helpers'
import { uploadDataDir, uploadFile, visitorHeaders } from './upload-helpers'

/*
 * Issue #15 'Done means': hostile files (a zip-bomb DOCX, a huge PDF, a malformed XLSX) uploaded and attached
 * like any file are refused with a clear reason within a time limit, while the server keeps answering.
 */

const newVisitor = () => randomBytes(18).toString('base64url')

/** A workbook whose sheet XML never closes its tags: the reader must refuse it, not hang or crash. */
const MALFORMED_XLSX = zip({
  '[Content_Types].xml': '<Types/>',
  'xl/workbook.xml': '<workbook><sheets><sheet name="Budget" r:id="rId1"/></sheets></workbook>',
  'xl/_rels/workbook.xml.rels': '<Relationships><Relationship Id="rId1" Target="worksheets/sheet1.xml"/>',
  'xl/worksheets/sheet1.xml': `<worksheet><sheetData><row><c t="inlineStr"><is><t>${'<x a="'.repeat(20_000)}`,
})

describe('hostile attachments (issue #15)', () => {
  let t: TestApp
  let data: Awaited<ReturnType<typeof uploadDataDir>>
  beforeAll(async () => {
    data = await uploadDataDir()
    t = await createTestApp({ env: { DATA_DIR: data.dir } })
  })
  afterAll(async () => {
    await t.close()
    await data.remove()
  })

  it('refuses a zip bomb and a malformed workbook with their reasons, reads a 5,000-page PDF only in part, and keeps answering', async () => {
    const visitor = newVisitor()
    const headers = visitorHeaders(visitor)
    const bomb = await uploadFile(t.app, headers, 'bomb.docx', Buffer.from(bombDocx(300, 1_000)))
    const book = await uploadFile(t.app, headers, 'budget.xlsx', Buffer.from(MALFORMED_XLSX))
    const huge = await uploadFile(
      t.app,
      headers,
      'huge.pdf',
      Buffer.from(pdf(5_000, (n) => `Chapter page ${n} about the lighthouse keeper`)),
    )

    // The files are being read in the background: the server answers other requests meanwhile.
    const health = await t.app.inject({ method: 'GET', url: '/api/health' })
    expect(health.statusCode).toBe(200)

    const result = await sendChatMessage(
      t.app,
      {
        text: 'What do these files say?',
        files: [bomb, book, huge],
        clientMessageId: randomUUID(),
        filesReadEvent: true,
      },
      visitor,
    )
    const read = result.events.flatMap((e) => ('filesRead' in e ? [e.filesRead] : []))[0] as FileRead[]
    expect(read).toEqual([
      { url: bomb, state: 'failed', error: TOO_LARGE_TEXT },
      { url: book, state: 'failed', error: UNREADABLE_TEXT },
      { url: huge, state: 'ready' },
    ])
    // Each was refused (or cut short) by its bounds, not by the clock: none says it took too long.
    // The answer still arrives, and says what could not be read.
    expect(result.message.sender).toBe('CLONE')
    expect(result.message.text).toContain('bomb.docx')

    // Of the PDF only the first READ_LIMITS.pages pages were read.
    const [pdfText] = await t.db
      .select({ text: uploadTexts.text })
      .from(uploadTexts)
      .innerJoin(uploads, eq(uploads.id, uploadTexts.uploadId))
      .where(eq(uploads.fileKey, huge.split('/').at(-2)!))
    expect(pdfText?.text).toContain(`Chapter page ${READ_LIMITS.pages} about`)
    expect(pdfText?.text).not.toContain(`Chapter page ${READ_LIMITS.pages + 1} about`)

    const after = await t.app.inject({ method: 'GET', url: '/api/health' })
    expect(after.statusCode).toBe(200)
  }, 60_000)

  it('reads a UTF-16 text file and a text holding NUL characters, instead of leaving them reading forever', async () => {
    const visitor = newVisitor()
    const headers = visitorHeaders(visitor)
    const utf16 = Buffer.concat([
      Buffer.from([0xff, 0xfe]),
      Buffer.from('Notes from the harbour: the tide turns at six.', 'utf16le'),
    ])
    const withNul = Buffer.from('Packing list\u0000\u0000: rope, lantern\u0000, map')
    const notepad = await uploadFile(t.app, headers, 'notepad.txt', utf16)
    const nul = await uploadFile(t.app, headers, 'packing.txt', withNul)
    const result = await sendChatMessage(
      t.app,
      {
        text: 'What do these say?',
        files: [notepad, nul],
        clientMessageId: randomUUID(),
        filesReadEvent: true,
      },
      visitor,
    )
    const read = result.events.flatMap((e) => ('filesRead' in e ? [e.filesRead] : []))[0] as FileRead[]
    expect(read).toEqual([
      { url: notepad, state: 'ready' },
      { url: nul, state: 'ready' },
    ])
    const texts = await t.db
      .select({ text: uploadTexts.text, state: uploadTexts.state })
      .from(uploadTexts)
      .innerJoin(uploads, eq(uploads.id, uploadTexts.uploadId))
    expect(texts.map((row) => row.text)).toEqual(
      expect.arrayContaining([
        'Notes from the harbour: the tide turns at six.',
        'Packing list: rope, lantern, map',
      ]),
    )
  }, 60_000)
})
