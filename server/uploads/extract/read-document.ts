import { extensionOf } from '../../../contract'
import { readEpub } from './epub'
import { ExtractError, NO_TEXT_TEXT, READ_LIMITS, type ReadBounds, UNREADABLE_TEXT } from './limits'
import { readDocx, readPptx, readXlsx } from './ooxml'
import { readPdf } from './pdf'
import { readRtf } from './rtf'
import { TextSink } from './text-sink'
import { ZipReader } from './zip'

const ZIP_READERS = { docx: readDocx, pptx: readPptx, xlsx: readXlsx, epub: readEpub } as const

/**
 * The text of a pdf, docx, pptx, xlsx, epub or rtf file, at most `bounds.chars` characters (of `bounds.pages`
 * PDF pages). Runs in the
 * extraction worker (extract-worker.ts); pure, so the tests call it directly too.
 */
export async function readDocument(
  fileName: string,
  bytes: Uint8Array,
  bounds: Pick<ReadBounds, 'chars' | 'pages'> = READ_LIMITS,
): Promise<string> {
  const extension = extensionOf(fileName)
  const sink = new TextSink(bounds.chars)
  if (extension === 'pdf') await readPdf(bytes, sink, bounds.pages)
  else if (extension === 'rtf') readRtf(bytes, sink)
  else if (extension in ZIP_READERS)
    ZIP_READERS[extension as keyof typeof ZIP_READERS](new ZipReader(bytes), sink)
  else throw new ExtractError(UNREADABLE_TEXT)
  const text = sink.text()
  if (text === '') throw new ExtractError(NO_TEXT_TEXT)
  return text
}
