import { type ChildProcess, fork } from 'node:child_process'
import { existsSync } from 'node:fs'
import { createRequire } from 'node:module'
import { fileURLToPath, pathToFileURL } from 'node:url'
import type { ReadReply, ReadRequest } from './extract-worker'
import {
  boundsOf,
  ExtractError,
  type ExtractOptions,
  READ_LIMITS,
  TIMED_OUT_TEXT,
  TOO_LARGE_TEXT,
  UNREADABLE_TEXT,
} from './limits'
import { procStatusMb } from './peak-memory'

/*
 * Issue #27: documents and images are read in child processes, not threads of the server. A worker thread's
 * heap limit does not bound what a document allocates outside the heap (pdf.js inflating a compressed stream
 * into array buffers: a 3 MB PDF cost the server 3 GB, never given back). A child process is bounded by the
 * kernel (its data segment, RLIMIT_DATA, set with `ulimit -d` before Node starts: an allocation past it fails
 * inside the child), and everything it took goes back to the system when it ends. A process is kept for the
 * next file while it stays small, ended once it has grown past RECYCLE_SHARE of its data limit or been idle
 * IDLE_END_MS.
 */

/**
 * Set by the server build (scripts/build-server.ts) to the reader's bundle beside dist/server/index.mjs;
 * absent when the sources run through tsx or vitest.
 */
declare const __LIKENESS_EXTRACT_WORKER__: string | undefined

/** Files read at once (the file reader's own concurrency is the same); more wait for a process. */
export const MAX_READER_PROCESSES = 2
/**
 * A process resident past this share of its data limit after a file is ended, so its memory goes back to the
 * system. Well under NEAR_LIMIT: a read's peak starts from what the process holds (extract-worker.ts), and a
 * broken file read by a process kept at just under half the limit was called too large.
 */
export const RECYCLE_SHARE = 0.25
/**
 * A failed read whose process's peak memory reached this share of the data limit ran out of memory. The limit
 * counts what the process has mapped, the peak what it has touched, and a decoder's buffer grows by doubling:
 * the allocation the limit refuses comes while the process holds much less than the limit (a PDF bomb's read
 * failed at 72% of it on a busy machine, read as 'could not be read' with the share at 80%).
 */
const NEAR_LIMIT = 0.5

/**
 * The reason a reader's answer gives, or null for text. A read that failed after its process grew close to the
 * data limit failed for want of memory, whatever the decoder made of the refused allocation (pdf.js may catch
 * it and fail on something else): too large, not unreadable.
 */
export function failureOf(reply: ReadReply, dataMb: number): string | null {
  if (!('error' in reply)) return null
  return reply.error === UNREADABLE_TEXT && reply.peakMb >= dataMb * NEAR_LIMIT ? TOO_LARGE_TEXT : reply.error
}
/** How often a reading process's resident memory is looked at. */
const WATCH_MS = 100
/** An idle process is ended after this; the next file starts one. */
export const IDLE_END_MS = 30_000

/** A file to read: a document or an image (the bounds come with the options). */
export type ReadJob = Omit<ReadRequest, 'id' | 'bounds'>

/** The bounds of the processes started from now on (tests lower them to reach them quickly). */
export const readerProcessLimits: { heapMb: number; dataMb: number } = {
  heapMb: READ_LIMITS.workerHeapMb,
  dataMb: READ_LIMITS.processDataMb,
}

interface Reader {
  child: ChildProcess
  idleTimer: NodeJS.Timeout | null
  /** Ended here (a time-out, an abort, the server closing): its death says nothing about the file's size. */
  ended: boolean
}

const idle: Reader[] = []
const waiting: (() => void)[] = []
const live = new Set<Reader>()
let running = 0
let nextId = 1

/** The command that runs a reader: the bundle beside the server, else the sources through tsx. */
function readerEntry(): { modulePath: string; execArgv: string[] } {
  const heap = `--max-old-space-size=${readerProcessLimits.heapMb}`
  if (typeof __LIKENESS_EXTRACT_WORKER__ === 'string') {
    return {
      modulePath: fileURLToPath(new URL(__LIKENESS_EXTRACT_WORKER__, import.meta.url)),
      execArgv: [heap],
    }
  }
  const tsx = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href
  return {
    modulePath: fileURLToPath(new URL('./extract-worker.ts', import.meta.url)),
    execArgv: [heap, '--import', tsx],
  }
}

/**
 * Where a POSIX shell is there, Node is started through it with the data limit (`ulimit -d`, kilobytes) set:
 * reserved address space is not counted, only memory the process can write, so V8 and WebAssembly start as
 * usual. Elsewhere (Windows) the process runs unlimited but still ends after a large file.
 */
function startReader(): Reader {
  const { modulePath, execArgv } = readerEntry()
  const limitKb = readerProcessLimits.dataMb * 1024
  const shell = process.platform !== 'win32' && existsSync('/bin/sh')
  const child = fork(modulePath, [], {
    ...(shell
      ? {
          execPath: '/bin/sh',
          execArgv: ['-c', `ulimit -d ${limitKb} 2>/dev/null; exec "$0" "$@"`, process.execPath, ...execArgv],
        }
      : { execArgv }),
    serialization: 'advanced',
    stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
    env: { ...process.env, NODE_OPTIONS: '' },
  })
  // What the reader writes to stderr (V8's out-of-memory report) is read and dropped, never the server's log.
  child.stderr?.resume()
  const reader: Reader = { child, idleTimer: null, ended: false }
  live.add(reader)
  child.on('error', () => {})
  child.on('exit', () => {
    live.delete(reader)
    const at = idle.indexOf(reader)
    if (at !== -1) idle.splice(at, 1)
    if (reader.idleTimer) clearTimeout(reader.idleTimer)
  })
  return reader
}

function end(reader: Reader): void {
  reader.ended = true
  if (reader.idleTimer) clearTimeout(reader.idleTimer)
  reader.idleTimer = null
  reader.child.kill('SIGKILL')
}

/** A slot to read one file; a caller that finds them all taken waits, and inherits a freed slot. */
async function acquire(signal: AbortSignal | undefined): Promise<Reader> {
  if (running < MAX_READER_PROCESSES) running++
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
  const reader = idle.pop()
  if (reader) {
    if (reader.idleTimer) clearTimeout(reader.idleTimer)
    reader.idleTimer = null
    reader.child.ref()
    return reader
  }
  return startReader()
}

/** A process that answered and stayed small is kept for the next file; any other is ended. */
function release(reader: Reader, keep: boolean): void {
  if (keep && reader.child.exitCode === null && idle.length < MAX_READER_PROCESSES) {
    reader.child.unref()
    reader.idleTimer = setTimeout(() => end(reader), IDLE_END_MS)
    reader.idleTimer.unref()
    idle.push(reader)
  } else end(reader)
  const next = waiting.shift()
  if (next) next()
  else running--
}

/** The resident memory of a process in megabytes, from /proc where there is one (Linux). */
export const residentMb = (pid: number | undefined): number | null =>
  pid === undefined ? null : procStatusMb(pid, 'VmRSS')

/**
 * The text of one file, read in a reader process within `timeoutMs` (or until `signal` aborts). A process
 * that runs out of time, is aborted, runs out of memory or crashes is ended: the file gets an ExtractError
 * (TIMED_OUT_TEXT, TOO_LARGE_TEXT, UNREADABLE_TEXT) and the server carries on.
 */
export async function readInProcess(job: ReadJob, options: ExtractOptions = {}): Promise<string> {
  const { signal } = options
  const { chars, pages, timeoutMs } = boundsOf(options)
  if (signal?.aborted) throw new ExtractError(TIMED_OUT_TEXT)
  const reader = await acquire(signal)
  if (signal?.aborted) {
    release(reader, true)
    throw new ExtractError(TIMED_OUT_TEXT)
  }
  const { child } = reader
  const id = nextId++
  return new Promise<string>((resolve, reject) => {
    let settled = false
    // What the reader holds, seen from here while it reads: a reader that dies without answering (a thread
    // of its own refused memory at the data limit, and Node exited with 1) ran out of memory when it had
    // grown near the limit.
    let residentPeakMb = 0
    const watch = setInterval(() => {
      residentPeakMb = Math.max(residentPeakMb, residentMb(child.pid) ?? 0)
    }, WATCH_MS)
    const finish = (keep: boolean, outcome: () => void): void => {
      if (settled) return
      settled = true
      clearTimeout(timer)
      clearInterval(watch)
      signal?.removeEventListener('abort', onAbort)
      child.off('message', onMessage)
      child.off('exit', onExit)
      release(reader, keep)
      outcome()
    }
    const fail = (message: string): void => finish(false, () => reject(new ExtractError(message)))
    const onMessage = (reply: ReadReply): void => {
      if (reply.id !== id) return
      const small = (residentMb(child.pid) ?? reply.rssMb) <= readerProcessLimits.dataMb * RECYCLE_SHARE
      const error = failureOf(reply, readerProcessLimits.dataMb)
      finish(small && error !== TOO_LARGE_TEXT, () =>
        error === null && 'text' in reply
          ? resolve(reply.text)
          : reject(new ExtractError(error ?? UNREADABLE_TEXT)),
      )
    }
    // A reader ended by a signal it was not sent here is out of memory: V8 aborts when its heap is full, and
    // an allocation the data limit refuses in native code aborts or traps. Any other exit is a failed read,
    // unless the reader had grown near its data limit.
    const onExit = (code: number | null, exitSignal: NodeJS.Signals | null): void =>
      fail(
        !reader.ended &&
          (exitSignal !== null ||
            (code !== null && code >= 128) ||
            residentPeakMb >= readerProcessLimits.dataMb * NEAR_LIMIT)
          ? TOO_LARGE_TEXT
          : UNREADABLE_TEXT,
      )
    const onAbort = (): void => fail(TIMED_OUT_TEXT)
    const timer = setTimeout(() => fail(TIMED_OUT_TEXT), timeoutMs)
    child.on('message', onMessage)
    child.on('exit', onExit)
    signal?.addEventListener('abort', onAbort, { once: true })
    const request: ReadRequest = { id, ...job, bounds: { chars, pages } }
    child.send(request, (error) => {
      if (error) fail(UNREADABLE_TEXT)
    })
  })
}

/** Ends every reader process (the server's shutdown; tests). A later file starts another. */
export async function stopReaderProcesses(): Promise<void> {
  const ending = [...live].map(
    (reader) =>
      new Promise<void>((resolve) => {
        if (reader.child.exitCode !== null || reader.child.signalCode !== null) return resolve()
        reader.child.once('exit', () => resolve())
        end(reader)
      }),
  )
  await Promise.all(ending)
}

/** How many reader processes are alive (tests). */
export const readerProcessCount = (): number => live.size
