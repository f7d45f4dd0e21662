import { createRequire } from 'node:module'
import { pathToFileURL } from 'node:url'
import { Worker } from 'node:worker_threads'
import type { ExtractReply, ExtractRequest } from './extract-worker'
import {
  boundsOf,
  ExtractError,
  type ExtractOptions,
  READ_LIMITS,
  TIMED_OUT_TEXT,
  TOO_LARGE_TEXT,
  UNREADABLE_TEXT,
} from './limits'

/**
 * Set by the server build (scripts/build-server.ts) to the worker's bundle beside dist/server/index.mjs;
 * absent when the sources run through tsx or vitest.
 */
declare const __LIKENESS_EXTRACT_WORKER__: string | undefined

/** Documents read at once; more wait their turn, so a burst of uploads cannot start a heap each. */
const MAX_WORKERS = 2

const idle: Worker[] = []
const waiting: (() => void)[] = []
let running = 0
let nextId = 1

function startWorker(): Worker {
  const options = { resourceLimits: { maxOldGenerationSizeMb: READ_LIMITS.workerHeapMb } }
  const worker =
    typeof __LIKENESS_EXTRACT_WORKER__ === 'string'
      ? new Worker(new URL(__LIKENESS_EXTRACT_WORKER__, import.meta.url), options)
      : new Worker(sourceBootstrap(), { ...options, eval: true })
  // An idle worker that dies is dropped; its 'error' must have a listener or it would throw in the server.
  worker.on('error', () => {})
  worker.on('exit', () => {
    const at = idle.indexOf(worker)
    if (at !== -1) idle.splice(at, 1)
  })
  return worker
}

/**
 * From the sources, the worker registers tsx and then loads extract-worker.ts: Node 20 does not apply an
 * `--import tsx` in a worker's execArgv to the worker's own entry module.
 */
function sourceBootstrap(): string {
  const tsx = createRequire(import.meta.url)
    .resolve('tsx/esm/api')
    .replace(/\.cjs$/, '.mjs')
  const entry = new URL('./extract-worker.ts', import.meta.url).href
  return `import(${JSON.stringify(pathToFileURL(tsx).href)}).then((tsx) => { tsx.register(); return import(${JSON.stringify(entry)}) })`
}

/** A slot to read one document; a caller that finds them all taken waits, and inherits a freed slot. */
async function acquire(signal: AbortSignal | undefined): Promise<Worker> {
  if (running < MAX_WORKERS) running++
  else {
    await new Promise<void>((resolve, reject) => {
      const wake = (): void => {
        signal?.removeEventListener('abort', onAbort)
        resolve()
      }
      const onAbort = (): void => {
        waiting.splice(waiting.indexOf(wake), 1)
        reject(new ExtractError(TIMED_OUT_TEXT))
      }
      waiting.push(wake)
      signal?.addEventListener('abort', onAbort, { once: true })
    })
  }
  return idle.pop() ?? startWorker()
}

/** A worker that answered is kept for the next file; one that was stopped is not. */
function release(worker: Worker | null): void {
  if (worker && idle.length < MAX_WORKERS) {
    worker.unref()
    idle.push(worker)
  } else if (worker) void worker.terminate()
  const next = waiting.shift()
  if (next) next()
  else running--
}

/**
 * The text of a pdf, docx, pptx, xlsx, epub or rtf file (issue #15 'Every attached file is read'), read in
 * a worker thread with a heap of READ_LIMITS.workerHeapMb and READ_LIMITS.timeoutMs of wall time (or the
 * caller's bounds: characters, pages, time). A worker
 * that runs out of time or memory, crashes or is aborted is terminated: the file gets an ExtractError
 * (TIMED_OUT_TEXT, TOO_LARGE_TEXT, UNREADABLE_TEXT) and the server carries on.
 */
export async function readDocumentText(
  fileName: string,
  bytes: Uint8Array,
  options: ExtractOptions = {},
): Promise<string> {
  const { signal } = options
  const bounds = boundsOf(options)
  if (signal?.aborted) throw new ExtractError(TIMED_OUT_TEXT)
  const worker = await acquire(signal)
  if (signal?.aborted) {
    release(worker)
    throw new ExtractError(TIMED_OUT_TEXT)
  }
  worker.ref()
  const id = nextId++
  return new Promise<string>((resolve, reject) => {
    let settled = false
    const finish = (keep: boolean, outcome: () => void): void => {
      if (settled) return
      settled = true
      clearTimeout(timer)
      signal?.removeEventListener('abort', onAbort)
      worker.off('message', onMessage)
      worker.off('error', onError)
      worker.off('exit', onExit)
      if (!keep) void worker.terminate()
      release(keep ? worker : null)
      outcome()
    }
    const fail = (message: string): void => finish(false, () => reject(new ExtractError(message)))
    const onMessage = (reply: ExtractReply): void => {
      if (reply.id !== id) return
      finish(true, () => ('text' in reply ? resolve(reply.text) : reject(new ExtractError(reply.error))))
    }
    const onError = (error: Error & { code?: string }): void =>
      fail(error.code === 'ERR_WORKER_OUT_OF_MEMORY' ? TOO_LARGE_TEXT : UNREADABLE_TEXT)
    const onExit = (): void => fail(UNREADABLE_TEXT)
    const onAbort = (): void => fail(TIMED_OUT_TEXT)
    const timer = setTimeout(() => fail(TIMED_OUT_TEXT), bounds.timeoutMs)
    worker.on('message', onMessage)
    worker.on('error', onError)
    worker.on('exit', onExit)
    signal?.addEventListener('abort', onAbort, { once: true })
    const request: ExtractRequest = {
      id,
      fileName,
      bytes,
      bounds: { chars: bounds.chars, pages: bounds.pages },
    }
    worker.postMessage(request)
  })
}

/** Ends the idle workers (the server's shutdown; tests that measure a cold start). */
export async function stopDocumentWorkers(): Promise<void> {
  await Promise.all(idle.splice(0).map((worker) => worker.terminate()))
}
