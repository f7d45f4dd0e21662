/**
 * A reader process (issue #15, bounded in issue #27): reader-process.ts starts it with a bounded heap and a
 * bounded data segment, and ends it when a file takes too long or it has grown, so a hostile document or image
 * costs this process, never the server. It reads one file per message and answers { id, text } or
 * { id, error } with the visitor-facing reason, and how large it has grown.
 */
import { writeFileSync } from 'node:fs'
import { ExtractError, type ReadBounds, TOO_LARGE_TEXT, UNREADABLE_TEXT } from './limits'
import { recognizeImage } from './ocr-engine'
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

const maxRssMb = () => process.resourceUsage().maxRSS / 1024

/** The peak of the process's life before this read, where the kernel cannot start a new one (see below). */
let peakBefore = 0

/**
 * Counts this read's peak memory from here. A process reads many files, and the kernel's maxrss is the most it
 * held over its life: a broken PDF read after a large image was called 'too large' because the image's OCR
 * had once taken half the data limit (failureOf). Linux starts a new peak on request (`/proc/self/clear_refs`,
 * 5), which maxrss follows; elsewhere a read counts the lifetime peak only when it raised it.
 */
function startPeak(): void {
  try {
    writeFileSync('/proc/self/clear_refs', '5')
    peakBefore = 0
  } catch {
    peakBefore = maxRssMb()
  }
}

/** The most this process held since `startPeak` (0: not more than before it, where that is all one knows). */
function readPeakMb(): number {
  const peak = maxRssMb()
  return peak > peakBefore ? peak : 0
}

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
