import { createRequire } from 'node:module'
import path from 'node:path'
import { createWorker, type Worker } from 'tesseract.js'
import { ExtractError, NO_TEXT_IN_IMAGE_TEXT } from './limits'

/*
 * OCR inside a reader process (extract-worker.ts): tesseract.js with the English data of @tesseract.js-data/eng,
 * started on the first image and kept while the process lives. Time limits and abandoning a read are the
 * server's (reader-process.ts ends the whole process).
 */

/**
 * The English data of @tesseract.js-data/eng, found from this module: the sources (tsx, vitest) and the
 * bundled reader (dist/server/extract-worker.mjs) both resolve it in node_modules. Nothing is downloaded.
 */
function languagePath(): string {
  const require = createRequire(import.meta.url)
  return path.join(path.dirname(require.resolve('@tesseract.js-data/eng/package.json')), '4.0.0_best_int')
}

let worker: Promise<Worker> | null = null

function tesseract(): Promise<Worker> {
  worker ??= createWorker('eng', 1, {
    langPath: languagePath(),
    gzip: true,
    cacheMethod: 'none',
    logger: () => {},
    // Without a handler, tesseract.js throws a failed job's error from its message listener.
    errorHandler: () => {},
  })
  // A worker that failed to start is forgotten, so the next image tries again.
  worker.catch(() => {
    worker = null
  })
  return worker
}

/** The recognised text, trimmed; an image without two letters or digits in a row has no readable text. */
export function readableText(text: string): string {
  const trimmed = text
    .replace(/[ \t]+\n/g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim()
  if (!/[\p{L}\p{N}]{2,}/u.test(trimmed)) throw new ExtractError(NO_TEXT_IN_IMAGE_TEXT)
  return trimmed
}

/** The text in a png or jpeg, at most `chars` characters. */
export async function recognizeImage(bytes: Uint8Array, chars: number): Promise<string> {
  const { data } = await (await tesseract()).recognize(Buffer.from(bytes))
  return readableText(data.text).slice(0, chars)
}
