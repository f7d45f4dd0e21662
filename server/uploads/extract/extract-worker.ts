/**
 * A reader process (issue #15, bounded in issue #27): reader-process.ts starts it with a bounded heap and a
 * bounded data segment, and ends it when a file takes too long or it has grown, so a hostile document or image
 * costs this process, never the server. It reads one file per message and answers { id, text } or
 * { id, error } with the visitor-facing reason, and how large it has grown.
 */
import { ExtractError, type ReadBounds, TOO_LARGE_TEXT, UNREADABLE_TEXT } from './limits'
import { recognizeImage } from './ocr-engine'
import { readPeakMb, startPeak } from './peak-memory'
import { readDocument } from './read-document'

export interface ReadRequest {
  id: number
  /** A document (pdf, docx, pptx, xlsx, epub, rtf) or an image read by OCR. */
  kind: 'document' | 'image'
  fileName: string
  bytes: Uint8Array
  bounds: Pick<ReadBounds, 'chars' | 'pages'>
}

/** rssMb: its resident memory now; peakMb: the most it held during this read (see `startPeak`). */
export type ReadReply = ({ id: number; text: string } | { id: number; error: string }) & {
  rssMb: number
  peakMb: number
}

/** An allocation refused (the data limit, or a length no buffer can have): the file is too large to read. */
export function isOutOfMemory(error: unknown): boolean {
  return (
    error instanceof RangeError &&
    /allocation failed|invalid array length|invalid typed array length|out of memory/i.test(error.message)
  )
}

async function read({ kind, fileName, bytes, bounds }: ReadRequest): Promise<string> {
  return kind === 'image' ? recognizeImage(bytes, bounds.chars) : readDocument(fileName, bytes, bounds)
}

/** The file being read, if any: a failure outside its promise (pdf.js decodes in callbacks) is its failure. */
let current: ReadRequest | null = null

const answer = (
  reply: { id: number; text: string } | { id: number; error: string },
  then: () => void = () => {},
) =>
  process.send?.(
    {
      ...reply,
      rssMb: process.memoryUsage.rss() / 2 ** 20,
      peakMb: readPeakMb(),
    } satisfies ReadReply,
    undefined,
    {},
    then,
  )

process.on('message', async (request: ReadRequest) => {
  current = request
  startPeak()
  let reply: { id: number; text: string } | { id: number; error: string }
  try {
    reply = { id: request.id, text: await read(request) }
  } catch (error) {
    const message =
      error instanceof ExtractError ? error.message : isOutOfMemory(error) ? TOO_LARGE_TEXT : UNREADABLE_TEXT
    reply = { id: request.id, error: message }
  }
  current = null
  answer(reply)
})

/**
 * An error no read caught (an allocation the data limit refused inside a decoder's callback): the file being
 * read gets its reason, and this process ends (the server starts another for the next file).
 */
function failCurrent(error: unknown): void {
  const request = current
  current = null
  if (!request) process.exit(1)
  answer({ id: request.id, error: isOutOfMemory(error) ? TOO_LARGE_TEXT : UNREADABLE_TEXT }, () =>
    process.exit(1),
  )
}
process.on('uncaughtException', failCurrent)
process.on('unhandledRejection', failCurrent)

// The server went away: so does its reader.
process.on('disconnect', () => process.exit(0))
