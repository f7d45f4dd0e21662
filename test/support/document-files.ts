/** Small real documents (and hostile ones) built in memory: the extract-* unit tests and the attachment e2e. */
import { strToU8, zipSync } from 'fflate'

export const zip = (files: Record<string, string>): Uint8Array =>
  zipSync(Object.fromEntries(Object.entries(files).map(([name, text]) => [name, strToU8(text)])))

const W = 'xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"'

export function docx(body: string): Uint8Array {
  return zip({
    '[Content_Types].xml': '<?xml version="1.0"?><Types/>',
    'word/document.xml': `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><w:document ${W}><w:body>${body}</w:body></w:document>`,
  })
}

const RELS = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships'
const rels = (items: [string, string, string][]): string =>
  `<?xml version="1.0"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">${items
    .map(([id, type, target]) => `<Relationship Id="${id}" Type="${RELS}/${type}" Target="${target}"/>`)
    .join('')}</Relationships>`

const slideXml = (texts: string[]): string =>
  `<p:sld xmlns:a="a" xmlns:p="p"><p:cSld><p:spTree><p:sp><p:txBody>${texts
    .map((text) => `<a:p><a:r><a:t>${text}</a:t></a:r></a:p>`)
    .join('')}</p:txBody></p:sp></p:spTree></p:cSld></p:sld>`

/** Slides listed in presentation.xml in the order given (slide files numbered the other way round). */
export function pptx(slides: { text: string[]; notes?: string }[]): Uint8Array {
  const files: Record<string, string> = {}
  const ids = slides.map((_, i) => `<p:sldId id="${256 + i}" r:id="rId${i + 1}"/>`).join('')
  files['ppt/presentation.xml'] =
    `<p:presentation xmlns:p="p" xmlns:r="r"><p:sldIdLst>${ids}</p:sldIdLst></p:presentation>`
  files['ppt/_rels/presentation.xml.rels'] = rels(
    slides.map((_, i) => [`rId${i + 1}`, 'slide', `slides/slide${slides.length - i}.xml`]),
  )
  slides.forEach((slide, i) => {
    const n = slides.length - i
    files[`ppt/slides/slide${n}.xml`] = slideXml(slide.text)
    if (slide.notes) {
      files[`ppt/slides/_rels/slide${n}.xml.rels`] = rels([
        ['rId9', 'notesSlide', `../notesSlides/notesSlide${n}.xml`],
      ])
      files[`ppt/notesSlides/notesSlide${n}.xml`] = slideXml([slide.notes])
    }
  })
  return zip(files)
}

export function xlsx(sheets: { name: string; xml: string }[], sharedStrings?: string[]): Uint8Array {
  const files: Record<string, string> = {
    'xl/workbook.xml': `<workbook xmlns:r="r"><sheets>${sheets
      .map((sheet, i) => `<sheet name="${sheet.name}" sheetId="${i + 1}" r:id="rId${i + 1}"/>`)
      .join('')}</sheets></workbook>`,
    'xl/_rels/workbook.xml.rels': rels(
      sheets.map((_, i) => [`rId${i + 1}`, 'worksheet', `worksheets/sheet${i + 1}.xml`]),
    ),
  }
  sheets.forEach((sheet, i) => {
    files[`xl/worksheets/sheet${i + 1}.xml`] = `<worksheet><sheetData>${sheet.xml}</sheetData></worksheet>`
  })
  if (sharedStrings) {
    files['xl/sharedStrings.xml'] =
      `<sst>${sharedStrings.map((text) => `<si><t>${text}</t></si>`).join('')}</sst>`
  }
  return zip(files)
}

export function epub(chapters: { id: string; href: string; html: string }[], spine: string[]): Uint8Array {
  const files: Record<string, string> = {
    mimetype: 'application/epub+zip',
    'META-INF/container.xml':
      '<container><rootfiles><rootfile full-path="OEBPS/content.opf" media-type="application/oebps-package+xml"/></rootfiles></container>',
    'OEBPS/content.opf': `<package><manifest>${chapters
      .map((c) => `<item id="${c.id}" href="${c.href}" media-type="application/xhtml+xml"/>`)
      .join(
        '',
      )}</manifest><spine>${spine.map((id) => `<itemref idref="${id}"/>`).join('')}</spine></package>`,
  }
  for (const chapter of chapters) files[`OEBPS/${decodeURIComponent(chapter.href)}`] = chapter.html
  return zip(files)
}

/** A PDF of `pages` pages, page n showing `text(n)` in Helvetica; xref offsets computed. */
export function pdf(pages: number, text: (page: number) => string = (n) => `Page ${n} text`): Uint8Array {
  const objects: string[] = []
  objects[1] = '<< /Type /Catalog /Pages 2 0 R >>'
  objects[3] = '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>'
  const kids: string[] = []
  for (let n = 1; n <= pages; n++) {
    const page = 2 + 2 * n
    const stream = text(n) ? `BT /F1 12 Tf 72 720 Td (${text(n)}) Tj ET` : ''
    objects[page] =
      `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 3 0 R >> >> /Contents ${page + 1} 0 R >>`
    objects[page + 1] = `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`
    kids.push(`${page} 0 R`)
  }
  objects[2] = `<< /Type /Pages /Kids [${kids.join(' ')}] /Count ${pages} >>`
  let body = '%PDF-1.4\n'
  const offsets: number[] = []
  for (let i = 1; i < objects.length; i++) {
    offsets[i] = body.length
    body += `${i} 0 obj\n${objects[i]}\nendobj\n`
  }
  const xref = body.length
  body += `xref\n0 ${objects.length}\n0000000000 65535 f \n`
  for (let i = 1; i < objects.length; i++) body += `${String(offsets[i]).padStart(10, '0')} 00000 n \n`
  body += `trailer\n<< /Size ${objects.length} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`
  return strToU8(body)
}

/** Raw deflate (fixed Huffman codes) of `prefix` then `'0'` repeated about `megabytes` MB: ~13 bits per 258 bytes. */
function deflateBomb(prefix: string, megabytes: number): Uint8Array {
  const out: number[] = []
  let bits = 0
  let count = 0
  const put = (value: number, length: number): void => {
    bits |= value << count
    count += length
    while (count >= 8) {
      out.push(bits & 0xff)
      bits >>>= 8
      count -= 8
    }
  }
  // Huffman codes are packed most significant bit first.
  const code = (value: number, length: number): void => {
    for (let i = length - 1; i >= 0; i--) put((value >> i) & 1, 1)
  }
  put(1, 1) // final block
  put(1, 2) // fixed Huffman codes
  for (const c of `${prefix}0`) code(0x30 + c.charCodeAt(0), 8)
  const repeat = (): void => {
    code(0b11000101, 8) // length 258
    code(0, 5) // distance 1
  }
  // Eight repeats are 104 bits, 13 whole bytes: after the first eight, every eight write the same 13 bytes,
  // so those are copied rather than written bit by bit (a bomb of a gigabyte takes milliseconds to make).
  const repeats = Math.ceil((megabytes * 1024 * 1024) / 258)
  const groups = Math.max(0, Math.floor(repeats / 8) - 2)
  for (let i = 0; i < 8; i++) repeat()
  const start = out.length
  for (let i = 0; i < 8; i++) repeat()
  const period = out.slice(start)
  for (let i = repeats - 16 - groups * 8; i > 0; i--) repeat()
  code(0, 7) // end of block
  if (count > 0) out.push(bits & 0xff)
  const head = out.slice(0, start + period.length)
  const tail = out.slice(start + period.length)
  const bytes = new Uint8Array(head.length + groups * period.length + tail.length)
  bytes.set(head)
  for (let i = 0; i < groups; i++) bytes.set(period, head.length + i * period.length)
  bytes.set(tail, head.length + groups * period.length)
  return bytes
}

/**
 * A one-page PDF with a line of text in an embedded font whose font file (FlateDecode) inflates to about
 * `megabytes` MB: a few megabytes that a reader decoding the whole font pays for in memory (issue #27).
 */
export function bombPdf(megabytes: number): Uint8Array {
  const raw = deflateBomb('', megabytes)
  // The zlib wrapper FlateDecode expects: a header, the raw deflate, a checksum nobody checks here.
  const font = new Uint8Array(2 + raw.length + 4)
  font.set([0x78, 0x9c])
  font.set(raw, 2)
  const content = 'BT /F1 12 Tf 72 720 Td (Inflated font) Tj ET'
  const head = strToU8(
    '%PDF-1.4\n1 0 obj\n<< /Type /Catalog /Pages 2 0 R >>\nendobj\n' +
      '2 0 obj\n<< /Type /Pages /Kids [3 0 R] /Count 1 >>\nendobj\n' +
      '3 0 obj\n<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 5 0 R >> >> /Contents 4 0 R >>\nendobj\n' +
      `4 0 obj\n<< /Length ${content.length} >>\nstream\n${content}\nendstream\nendobj\n` +
      '5 0 obj\n<< /Type /Font /Subtype /TrueType /BaseFont /Bomb /FirstChar 32 /LastChar 126 /FontDescriptor 6 0 R >>\nendobj\n' +
      '6 0 obj\n<< /Type /FontDescriptor /FontName /Bomb /Flags 32 /FontBBox [0 0 1000 1000] /ItalicAngle 0 /Ascent 800 /Descent -200 /CapHeight 700 /StemV 80 /FontFile2 7 0 R >>\nendobj\n' +
      `7 0 obj\n<< /Length ${font.length} /Filter /FlateDecode >>\nstream\n`,
  )
  const tail = strToU8('\nendstream\nendobj\ntrailer\n<< /Size 8 /Root 1 0 R >>\n%%EOF\n')
  const bytes = new Uint8Array(head.length + font.length + tail.length)
  bytes.set(head)
  bytes.set(font, head.length)
  bytes.set(tail, head.length + font.length)
  return bytes
}

/** A zip of deflated entries written by hand, so an entry can declare any uncompressed size. */
export function rawZip(entries: { name: string; deflated: Uint8Array; declaredSize: number }[]): Uint8Array {
  const parts: Uint8Array[] = []
  const central: Uint8Array[] = []
  let offset = 0
  for (const entry of entries) {
    const name = strToU8(entry.name)
    const local = new Uint8Array(30 + name.length)
    const lv = new DataView(local.buffer)
    lv.setUint32(0, 0x04034b50, true)
    lv.setUint16(8, 8, true)
    lv.setUint32(18, entry.deflated.length, true)
    lv.setUint32(22, entry.declaredSize, true)
    lv.setUint16(26, name.length, true)
    local.set(name, 30)
    const dir = new Uint8Array(46 + name.length)
    const dv = new DataView(dir.buffer)
    dv.setUint32(0, 0x02014b50, true)
    dv.setUint16(10, 8, true)
    dv.setUint32(20, entry.deflated.length, true)
    dv.setUint32(24, entry.declaredSize, true)
    dv.setUint16(28, name.length, true)
    dv.setUint32(42, offset, true)
    dir.set(name, 46)
    parts.push(local, entry.deflated)
    central.push(dir)
    offset += local.length + entry.deflated.length
  }
  const centralSize = central.reduce((sum, part) => sum + part.length, 0)
  const end = new Uint8Array(22)
  const ev = new DataView(end.buffer)
  ev.setUint32(0, 0x06054b50, true)
  ev.setUint16(8, entries.length, true)
  ev.setUint16(10, entries.length, true)
  ev.setUint32(12, centralSize, true)
  ev.setUint32(16, offset, true)
  const all = [...parts, ...central, end]
  const bytes = new Uint8Array(all.reduce((sum, part) => sum + part.length, 0))
  let at = 0
  for (const part of all) {
    bytes.set(part, at)
    at += part.length
  }
  return bytes
}

/**
 * A docx whose document.xml inflates to `megabytes` MB of '0', declaring `declaredSize`: between the body's
 * tags (no text, so nothing stops the reading early) or, `inText`, inside one w:t.
 */
export function bombDocx(megabytes: number, declaredSize: number, inText = false): Uint8Array {
  const prefix = `<w:document ${W}><w:body>${inText ? '<w:p><w:r><w:t>' : ''}`
  return rawZip([{ name: 'word/document.xml', deflated: deflateBomb(prefix, megabytes), declaredSize }])
}
