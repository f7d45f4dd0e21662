import { strToU8 } from 'fflate'
import { describe, expect, it } from 'vitest'
import { NO_TEXT_TEXT, READ_LIMITS, UNREADABLE_TEXT } from '../../../server/uploads/extract/limits'
import { readDocument } from '../../../server/uploads/extract/read-document'
import { docx, epub, pdf, pptx, xlsx } from '../../support/document-files'

// Issue #15 'Every attached file is read': each document type's text reaches the clone.
describe('reading the text of attached documents', () => {
  it('reads a Word document: runs, paragraphs as lines, tabs, entities; not tab stops or fallbacks', async () => {
    const body =
      '<w:p><w:pPr><w:tabs><w:tab w:val="left" w:pos="720"/></w:tabs></w:pPr><w:r><w:t>Hello</w:t></w:r><w:r><w:tab/><w:t xml:space="preserve">world &amp; caf&#233;</w:t></w:r></w:p>' +
      '<w:p><w:r><w:t>Second &lt;line&gt;</w:t></w:r></w:p>' +
      '<w:p><mc:AlternateContent xmlns:mc="mc"><mc:Choice><w:r><w:t>Box</w:t></w:r></mc:Choice><mc:Fallback><w:r><w:t>Box</w:t></w:r></mc:Fallback></mc:AlternateContent></w:p>'
    expect(await readDocument('notes.docx', docx(body))).toBe('Hello\tworld & café\nSecond <line>\nBox')
  })

  it('reads a presentation in slide order, with the speaker notes', async () => {
    const file = pptx([{ text: ['First slide', 'a point'], notes: 'Say hello' }, { text: ['Second slide'] }])
    expect(await readDocument('deck.PPTX', file)).toBe('First slide\na point\nSay hello\n\nSecond slide')
  })

  it('reads a workbook: sheet names, rows of tab-separated cells, shared and inline strings', async () => {
    const sheet1 =
      '<row r="1"><c r="A1" t="s"><v>0</v></c><c r="C1" t="s"><v>1</v></c></row>' +
      '<row r="2"><c r="A2"><v>42</v></c><c r="B2" t="b"><v>1</v></c><c r="C2" t="inlineStr"><is><t>inline</t></is></c></row>'
    const file = xlsx(
      [
        { name: 'Prices', xml: sheet1 },
        { name: 'Empty', xml: '' },
      ],
      ['Name', 'Price &amp; tax'],
    )
    expect(await readDocument('book.xlsx', file)).toBe(
      'Sheet: Prices\nName\t\tPrice & tax\n42\tTRUE\tinline\n\nSheet: Empty',
    )
  })

  it('reads a workbook of numbers without shared strings', async () => {
    const file = xlsx([{ name: 'N', xml: '<row><c r="A1"><v>1.5</v></c></row>' }])
    expect(await readDocument('n.xlsx', file)).toBe('Sheet: N\n1.5')
  })

  it('reads an e-book in spine order through its XHTML', async () => {
    const chapter = (title: string, text: string): string =>
      `<?xml version="1.0"?><!DOCTYPE html><html xmlns="http://www.w3.org/1999/xhtml"><head><title>x</title><style>p{}</style></head><body><h1>${title}</h1><p>${text}</p></body></html>`
    const file = epub(
      [
        { id: 'c2', href: 'text/two.xhtml', html: chapter('Two', 'Later') },
        { id: 'c1', href: 'text/chapter%20one.xhtml', html: chapter('One', 'Fish &amp; chips') },
      ],
      ['c1', 'c2'],
    )
    expect(await readDocument('book.epub', file)).toBe('x\nOne\nFish & chips\n\nx\nTwo\nLater')
  })

  it('reads RTF: drops tables, pictures and ignorable groups; reads breaks, escapes and unicode', async () => {
    const rtf =
      '{\\rtf1\\ansi\\ansicpg1252{\\fonttbl{\\f0 Arial;}}{\\colortbl;\\red0\\green0\\blue0;}' +
      "{\\*\\generator Writer;}{\\info{\\title Secret}}\\pard Caf\\'e9 \\b bold\\b0\\par " +
      'Line\\line two\\tab end {\\pict\\pngblip 89504e47}\\u8364?5 \\{braces\\}\\par{\\*\\bkmkstart x}}'
    expect(await readDocument('letter.rtf', strToU8(rtf))).toBe('Café bold\nLine\ntwo\tend €5 {braces}')
  })

  it('reads a PDF page by page', async () => {
    expect(await readDocument('paper.pdf', pdf(2))).toBe('Page 1 text\n\nPage 2 text')
  })

  it('says a PDF without a text layer (a scan) has no readable text', async () => {
    await expect(
      readDocument(
        'scan.pdf',
        pdf(3, () => ''),
      ),
    ).rejects.toThrow(NO_TEXT_TEXT)
  })

  it('keeps at most READ_LIMITS.chars characters', async () => {
    const long = 'word '.repeat(READ_LIMITS.chars)
    const text = await readDocument('long.docx', docx(`<w:p><w:r><w:t>${long}</w:t></w:r></w:p>`))
    expect(text.length).toBeLessThanOrEqual(READ_LIMITS.chars)
    expect(text.startsWith('word word')).toBe(true)
  })

  it('refuses a file that is not what its name says', async () => {
    await expect(readDocument('x.docx', strToU8('not a zip at all'))).rejects.toThrow(UNREADABLE_TEXT)
    await expect(readDocument('x.rtf', strToU8('plain text'))).rejects.toThrow(UNREADABLE_TEXT)
    await expect(readDocument('x.pdf', strToU8('%PDF-1.4 garbage'))).rejects.toThrow(UNREADABLE_TEXT)
  })
})
