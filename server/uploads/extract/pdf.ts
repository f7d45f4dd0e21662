import { getDocumentProxy } from 'unpdf'
import { ExtractError, READ_LIMITS, UNREADABLE_TEXT } from './limits'
import type { TextSink } from './text-sink'

/**
 * A PDF's text layer, page by page (unpdf's serverless pdf.js). Only the first `maxPages` pages are
 * read: a longer document (issue #15's 5,000-page PDF) is read up to there, not refused, and pdf.js loads
 * pages lazily, so the pages after them are never parsed. A scan has no text layer: the sink stays empty.
 */
export async function readPdf(
  bytes: Uint8Array,
  sink: TextSink,
  maxPages: number = READ_LIMITS.pages,
): Promise<void> {
  let pdf: Awaited<ReturnType<typeof getDocumentProxy>>
  try {
    // pdf.js may take over the buffer it is given: hand it a copy.
    pdf = await getDocumentProxy(new Uint8Array(bytes), { stopAtErrors: false, verbosity: 0 })
  } catch {
    throw new ExtractError(UNREADABLE_TEXT)
  }
  try {
    const pages = Math.min(pdf.numPages, maxPages)
    for (let number = 1; number <= pages && !sink.full; number++) {
      const page = await pdf.getPage(number)
      const content = await page.getTextContent()
      for (const item of content.items) {
        if (!('str' in item)) continue
        sink.add(item.str)
        if (item.hasEOL) sink.add('\n')
      }
      sink.add('\n\n')
      page.cleanup()
    }
  } catch (error) {
    if (error instanceof ExtractError) throw error
    throw new ExtractError(UNREADABLE_TEXT)
  } finally {
    await pdf.loadingTask.destroy()
  }
}
