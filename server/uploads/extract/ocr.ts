import { createRequire } from 'node:module'
import path from 'node:path'
import { setImmediate as nextTurn } from 'node:timers/promises'
import { createWorker, type Worker } from 'tesseract.js'
import { imageSizeOf } from './image-size'
import {
  boundsOf,
  ExtractError,
  type ExtractOptions,
  NO_TEXT_IN_IMAGE_TEXT,
  TIMED_OUT_TEXT,
  TOO_LARGE_TEXT,
  UNREADABLE_TEXT,
} from './limits'

/**
 * Images larger than this (width times height, as the header declares) are refused before decoding: decoded,
 * 40 megapixels are 160 MB of RGBA in tesseract's WebAssembly memory. This is the decompression-bomb guard.
 */
export const MAX_IMAGE_PIXELS = 40_000_000
/** A reader left idle this long ends its worker thread (and frees its memory); the next image starts one. */
export const IDLE_CLOSE_MS = 60_000

/**
 * The English data of @tesseract.js-data/eng, found from this module: the sources (tsx, vitest) and the
 * bundled server (dist/server/index.mjs) both resolve it in node_modules. Nothing is downloaded.
 */
function languagePath(): string {
  const require = createRequire(import.meta.url)
  return path.join(path.dirname(require.resolve('@tesseract.js-data/eng/package.json')), '4.0.0_best_int')
}

async function startWorker(): Promise<Worker> {
  return createWorker('eng', 1, {
    langPath: languagePath(),
    gzip: true,
    cacheMethod: 'none',
    logger: () => {},
    // Without a handler, tesseract.js throws a failed job's error from its message listener: an uncaught
    // exception that would take the server down. The job's own promise is rejected either way.
    errorHandler: () => {},
  })
}

/**
 * One tesseract worker thread, started on the first image and shared; images are read one at a time, each
 * within its time bound (READ_LIMITS.timeoutMs unless the caller says). A read that runs out of time or is aborted ends the worker (tesseract cannot
 * stop a recognition midway), and the next read starts a fresh one.
 */
class ImageReader {
  private worker: Promise<Worker> | null = null
  private queue: Promise<unknown> = Promise.resolve()
  private idleTimer: NodeJS.Timeout | null = null
  /** Rejects the read in progress, when the reader is closed under it. */
  private cancelCurrent: ((error: ExtractError) => void) | null = null

  read(bytes: Uint8Array, options: ExtractOptions): Promise<string> {
    const { signal } = options
    const turn = this.queue.then(() => this.recognize(bytes, options))
    this.queue = turn.catch(() => {})
    // A caller who gives up while waiting for its turn is answered at once; its turn is then skipped.
    return signal ? Promise.race([turn, aborted(signal)]) : turn
  }

  async close(): Promise<void> {
    this.clearIdle()
    this.cancelCurrent?.(new ExtractError(UNREADABLE_TEXT))
    const worker = this.worker
    this.worker = null
    // tesseract posts a job from an unawaited async call, so a job posted to an ended thread fails as an
    // unhandled rejection: a job being posted now (its image loads in a few microtasks) goes first.
    if (worker) {
      await worker
        .then(async (w) => {
          await nextTurn()
          await w.terminate()
        })
        .catch(() => {})
    }
  }

  private async recognize(bytes: Uint8Array, options: ExtractOptions): Promise<string> {
    const { signal } = options
    const bounds = boundsOf(options)
    if (signal?.aborted) throw new ExtractError(TIMED_OUT_TEXT)
    this.clearIdle()
    const worker = this.worker ?? this.start()
    let timer: NodeJS.Timeout | undefined
    let onAbort: (() => void) | undefined
    const stopped = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new ExtractError(TIMED_OUT_TEXT)), bounds.timeoutMs)
      onAbort = () => reject(new ExtractError(TIMED_OUT_TEXT))
      signal?.addEventListener('abort', onAbort, { once: true })
      this.cancelCurrent = reject
    })
    try {
      const job = worker.then((w) => {
        // Closed meanwhile (timed out, or the app closing): the ended thread takes no job.
        if (this.worker !== worker) throw new ExtractError(UNREADABLE_TEXT)
        return w.recognize(Buffer.from(bytes))
      })
      const { data } = await Promise.race([job, stopped])
      return readableText(data.text).slice(0, bounds.chars)
    } catch (error) {
      if (error instanceof ExtractError && error.message === NO_TEXT_IN_IMAGE_TEXT) throw error
      // Out of time, aborted, or a failure inside tesseract: this worker is not trusted with the next image.
      await this.close()
      throw error instanceof ExtractError ? error : new ExtractError(UNREADABLE_TEXT)
    } finally {
      clearTimeout(timer)
      if (onAbort) signal?.removeEventListener('abort', onAbort)
      this.cancelCurrent = null
      this.scheduleIdleClose()
    }
  }

  private start(): Promise<Worker> {
    const worker = startWorker()
    this.worker = worker
    // A worker that failed to start is forgotten, so the next image tries again.
    worker.catch(() => {
      if (this.worker === worker) this.worker = null
    })
    return worker
  }

  private scheduleIdleClose() {
    this.clearIdle()
    if (!this.worker) return
    this.idleTimer = setTimeout(() => void this.close(), IDLE_CLOSE_MS)
    // The idle timer never keeps the process alive.
    this.idleTimer.unref()
  }

  private clearIdle() {
    if (this.idleTimer) clearTimeout(this.idleTimer)
    this.idleTimer = null
  }
}

function aborted(signal: AbortSignal): Promise<never> {
  return new Promise((_, reject) => {
    const fail = () => reject(new ExtractError(TIMED_OUT_TEXT))
    if (signal.aborted) fail()
    else signal.addEventListener('abort', fail, { once: true })
  })
}

/** The recognised text, trimmed; an image without two letters or digits in a row has no readable text. */
function readableText(text: string): string {
  const trimmed = text
    .replace(/[ \t]+\n/g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim()
  if (!/[\p{L}\p{N}]{2,}/u.test(trimmed)) throw new ExtractError(NO_TEXT_IN_IMAGE_TEXT)
  return trimmed
}

const reader = new ImageReader()

/**
 * The text in a png or jpeg image, by OCR (tesseract.js with the English data of @tesseract.js-data/eng),
 * issue #15 'Every attached file is read'. Throws an ExtractError: not a png or jpeg (unreadable), more than
 * MAX_IMAGE_PIXELS (too large), no text found, or out of time / aborted through options.signal (timed out).
 */
export async function readImageText(bytes: Uint8Array, options: ExtractOptions = {}): Promise<string> {
  const size = imageSizeOf(bytes)
  if (!size) throw new ExtractError(UNREADABLE_TEXT)
  if (size.width * size.height > MAX_IMAGE_PIXELS) throw new ExtractError(TOO_LARGE_TEXT)
  return reader.read(bytes, options)
}

/** Ends the OCR worker thread, if one runs (the app's onClose; server/app.ts). A later image starts another. */
export function closeImageReader(): Promise<void> {
  return reader.close()
}
