import { ExtractError, UNREADABLE_TEXT } from './limits'
import type { TextSink } from './text-sink'
import { walkXml, xmlAttr } from './xml'
import { resolveZipPath, type ZipReader, zipDir } from './zip'

/** Cells of a workbook read at most: the text limit is reached long before in any real sheet. */
const MAX_CELLS = 200_000
/** Empty columns kept before a cell far to the right (a cell in XFD1 does not make 16,000 tabs). */
const MAX_GAP = 32
/** Characters of shared strings kept; a string past this reads as empty. */
const MAX_SHARED_CHARS = 8 * 1024 * 1024

/** A Word document: the w:t text of word/document.xml, a paragraph a line, w:tab a tab. */
export function readDocx(zip: ZipReader, sink: TextSink): void {
  if (!zip.has('word/document.xml')) throw new ExtractError(UNREADABLE_TEXT)
  readParagraphs(zip, 'word/document.xml', sink)
}

/** Runs of text (w:t in Word, a:t in slides), paragraphs as lines; fallback copies of a drawing are skipped. */
function readParagraphs(zip: ZipReader, path: string, sink: TextSink): void {
  let inText = false
  let runDepth = 0
  let skipDepth = 0
  walkXml(zip.text(path), {
    open(name, _attrs, selfClosing) {
      if (skipDepth > 0 || name === 'Fallback') {
        if (!selfClosing) skipDepth++
        return
      }
      if (name === 'r' && !selfClosing) runDepth++
      else if (name === 't' && !selfClosing) inText = true
      else if (runDepth > 0 && name === 'tab') sink.add('\t')
      else if ((runDepth > 0 && name === 'cr') || name === 'br') sink.add('\n')
    },
    close(name) {
      if (skipDepth > 0) {
        skipDepth--
        return
      }
      if (name === 'r') runDepth = Math.max(0, runDepth - 1)
      else if (name === 't') inText = false
      else if (name === 'p') sink.add('\n')
    },
    text(text) {
      if (inText && skipDepth === 0) sink.add(text)
    },
    done: () => sink.full,
  })
}

interface Relationship {
  target: string
  type: string
}

/** The relationships of a part (its _rels/*.rels), by id, with their targets resolved within the archive. */
function relationships(zip: ZipReader, partPath: string): Map<string, Relationship> {
  const dir = zipDir(partPath)
  const relsPath = `${dir}_rels/${partPath.slice(dir.length)}.rels`
  const found = new Map<string, Relationship>()
  if (!zip.has(relsPath)) return found
  walkXml([zip.readAll(relsPath)], {
    open(name, attrs) {
      const id = xmlAttr(attrs, 'Id')
      const target = xmlAttr(attrs, 'Target')
      if (name !== 'Relationship' || !id || !target || xmlAttr(attrs, 'TargetMode') === 'External') return
      found.set(id, { target: resolveZipPath(dir, target), type: xmlAttr(attrs, 'Type') ?? '' })
    },
  })
  return found
}

/** Ids of the children named `child` in a part, in document order, with the attribute `attr` ('r:id'). */
function orderedIds(zip: ZipReader, path: string, child: string, attr: string): string[] {
  const ids: string[] = []
  if (!zip.has(path)) return ids
  walkXml([zip.readAll(path)], {
    open(name, attrs) {
      const id = name === child ? xmlAttr(attrs, attr) : undefined
      if (id) ids.push(id)
    },
  })
  return ids
}

const slideNumber = (path: string): number => Number(/(\d+)\.xml$/.exec(path)?.[1] ?? 0)

/** A presentation: each slide's a:t text in slide order, then its speaker notes. */
export function readPptx(zip: ZipReader, sink: TextSink): void {
  const rels = relationships(zip, 'ppt/presentation.xml')
  let slides = orderedIds(zip, 'ppt/presentation.xml', 'sldId', 'r:id')
    .map((id) => rels.get(id)?.target)
    .filter((path): path is string => path !== undefined && zip.has(path))
  if (slides.length === 0) {
    slides = zip.names
      .filter((name) => /^ppt\/slides\/slide\d+\.xml$/.test(name))
      .sort((a, b) => slideNumber(a) - slideNumber(b))
  }
  if (slides.length === 0) throw new ExtractError(UNREADABLE_TEXT)
  for (const slide of slides) {
    readParagraphs(zip, slide, sink)
    const notes = [...relationships(zip, slide).values()].find((rel) => rel.type.endsWith('/notesSlide'))
    if (notes && zip.has(notes.target)) readParagraphs(zip, notes.target, sink)
    sink.add('\n\n')
    if (sink.full) return
  }
}

/** A workbook: each sheet by name, its rows as lines of tab-separated cells. */
export function readXlsx(zip: ZipReader, sink: TextSink): void {
  if (!zip.has('xl/workbook.xml')) throw new ExtractError(UNREADABLE_TEXT)
  const shared = zip.has('xl/sharedStrings.xml') ? sharedStrings(zip) : null
  const rels = relationships(zip, 'xl/workbook.xml')
  const sheets: { name: string; path: string }[] = []
  walkXml([zip.readAll('xl/workbook.xml')], {
    open(name, attrs) {
      const path = name === 'sheet' ? rels.get(xmlAttr(attrs, 'r:id') ?? '')?.target : undefined
      if (path && zip.has(path)) sheets.push({ name: xmlAttr(attrs, 'name') ?? '', path })
    },
  })
  if (sheets.length === 0) throw new ExtractError(UNREADABLE_TEXT)
  const budget = { cells: MAX_CELLS }
  for (const sheet of sheets) {
    sink.add(`Sheet: ${sheet.name}\n`)
    readSheet(zip, sheet.path, shared, sink, budget)
    sink.add('\n')
    if (sink.full || budget.cells <= 0) return
  }
}

function sharedStrings(zip: ZipReader): string[] {
  const strings: string[] = []
  let kept = 0
  let current: string | null = null
  let inText = false
  let phoneticDepth = 0
  walkXml(zip.text('xl/sharedStrings.xml'), {
    open(name, _attrs, selfClosing) {
      if (name === 'si') current = ''
      else if (name === 'rPh' && !selfClosing) phoneticDepth++
      else if (name === 't' && !selfClosing) inText = true
    },
    close(name) {
      if (name === 'si' && current !== null) {
        strings.push(kept < MAX_SHARED_CHARS ? current : '')
        kept += current.length
        current = null
      } else if (name === 'rPh') phoneticDepth = Math.max(0, phoneticDepth - 1)
      else if (name === 't') inText = false
    },
    text(text) {
      if (inText && phoneticDepth === 0 && current !== null) current += text
    },
  })
  return strings
}

/** 'C12' -> 2 (the zero-based column); -1 when the reference is missing or odd. */
function columnOf(reference: string | undefined): number {
  const letters = /^([A-Z]{1,3})\d/.exec(reference ?? '')?.[1]
  if (!letters) return -1
  let column = 0
  for (const letter of letters) column = column * 26 + (letter.charCodeAt(0) - 64)
  return column - 1
}

function readSheet(
  zip: ZipReader,
  path: string,
  shared: string[] | null,
  sink: TextSink,
  budget: { cells: number },
): void {
  let row: string[] = []
  let cellType = ''
  let cellColumn = -1
  let value = ''
  let inValue = false
  walkXml(zip.text(path), {
    open(name, attrs, selfClosing) {
      if (name === 'row') row = []
      else if (name === 'c') {
        cellType = xmlAttr(attrs, 't') ?? 'n'
        cellColumn = columnOf(xmlAttr(attrs, 'r'))
        value = ''
      } else if ((name === 'v' || name === 't') && !selfClosing) inValue = true
    },
    close(name) {
      if (name === 'v' || name === 't') inValue = false
      else if (name === 'c') {
        budget.cells--
        const text = cellText(cellType, value, shared)
        if (cellColumn > row.length) row.push(...Array(Math.min(cellColumn - row.length, MAX_GAP)).fill(''))
        row.push(text)
      } else if (name === 'row') {
        while (row.length > 0 && row[row.length - 1] === '') row.pop()
        if (row.length > 0) sink.add(`${row.join('\t')}\n`)
      }
    },
    text(text) {
      if (inValue) value += text
    },
    done: () => sink.full || budget.cells <= 0,
  })
}

function cellText(type: string, value: string, shared: string[] | null): string {
  if (type === 's') {
    // A shared-string cell in a workbook without its shared strings is a broken file.
    if (shared === null) throw new ExtractError(UNREADABLE_TEXT)
    return shared[Number(value)] ?? ''
  }
  if (type === 'b') return value === '1' ? 'TRUE' : 'FALSE'
  return value
}
