import type { FastifyBaseLogger, FastifyInstance } from 'fastify'
import { CLAIM_LEASE_MS, type JobClaims } from './jobs/claims'

/*
 * The small in-process queue that reads things off the request path: chat attachments (uploads/reader.ts,
 * issue #15) and knowledge sources (studio/knowledge/reader.ts, issue #16). It knows only the mechanism:
 * bounded concurrency, one read per key at a time, a stop signal per read, and closing. What is read and
 * where its outcome is stored stay with each reader. With several servers on one database, each row of work
 * is claimed before it is queued here (server/jobs/claims.ts, issue #24): the queue holds only what this
 * server claimed, and keepClaims renews those claims.
 */

export interface ReadingQueueOptions<T> {
  /** Reads at once. */
  concurrency: number
  /** An item's identity: an item is queued or read once at a time. */
  keyOf: (item: T) => string
  /** Reads an item; `signal` fires when the item is cancelled or the queue closes. */
  read: (item: T, signal: AbortSignal) => Promise<void>
  /** A read that threw (after its own handling). */
  onError: (error: unknown, item: T) => void
  /**
   * An item asked for again while it is being read: 'again' reads it once more after (the knowledge base: it
   * changed meanwhile), 'join' waits for the read in progress (attachments: a file is read once).
   */
  whileReading: 'again' | 'join'
}

export interface ReadingQueue<T> {
  /** Queues an item; resolves when its read ends, at once when the queue is closed. */
  schedule(item: T): Promise<void>
  /** The end of a queued or running item's read, if there is one. */
  pending(key: string): Promise<void> | undefined
  /** The keys of the items queued or being read. */
  keys(): string[]
  /** Stops a running read (its signal fires with `reason`). */
  cancel(key: string, reason: Error): void
  readonly closed: boolean
  /** Stops: the queue empties, reads in progress are stopped and awaited, every pending promise resolves. */
  close(): Promise<void>
}

export function createReadingQueue<T>({
  concurrency,
  keyOf,
  read,
  onError,
  whileReading,
}: ReadingQueueOptions<T>): ReadingQueue<T> {
  const queue: T[] = []
  /** Items queued or being read, with the promise of their end. */
  const pending = new Map<string, { done: Promise<void>; resolve: () => void }>()
  const running = new Map<string, { job: Promise<void>; stop: AbortController }>()
  /** Items asked for again while being read ('again'). */
  const again = new Map<string, T>()
  let closed = false

  const settle = (key: string) => {
    pending.get(key)?.resolve()
    pending.delete(key)
  }

  const schedule = (item: T): Promise<void> => {
    const key = keyOf(item)
    const known = pending.get(key)
    if (known) {
      if (whileReading === 'again' && running.has(key) && !closed) again.set(key, item)
      return known.done
    }
    if (closed) return Promise.resolve()
    let resolve = () => {}
    const done = new Promise<void>((r) => {
      resolve = r
    })
    pending.set(key, { done, resolve })
    queue.push(item)
    pump()
    return done
  }

  const pump = () => {
    while (!closed && running.size < concurrency && queue.length > 0) {
      const item = queue.shift()!
      const key = keyOf(item)
      const stop = new AbortController()
      const job = read(item, stop.signal)
        .catch((error: unknown) => onError(error, item))
        .finally(() => {
          running.delete(key)
          const next = again.get(key)
          again.delete(key)
          // Read again with the same pending promise, which resolves when that read ends.
          if (next !== undefined && !closed) queue.push(next)
          else settle(key)
          pump()
        })
      running.set(key, { job, stop })
    }
  }

  return {
    schedule,
    pending: (key) => pending.get(key)?.done,
    keys: () => [...pending.keys()],
    cancel(key, reason) {
      running.get(key)?.stop.abort(reason)
    },
    get closed() {
      return closed
    },
    async close() {
      closed = true
      queue.length = 0
      for (const { stop } of running.values()) stop.abort(new Error('The server is stopping'))
      await Promise.allSettled([...running.values()].map((r) => r.job))
      for (const key of [...pending.keys()]) settle(key)
    },
  }
}

/**
 * Runs `work` with a signal that fires after `ms` or when `stop` fires; ends with `timedOut()` at the time
 * limit (or with `stop`'s reason) even when the work ignores its signal.
 */
export async function withinTime<T>(
  ms: number,
  stop: AbortSignal,
  timedOut: () => Error,
  work: (signal: AbortSignal) => Promise<T>,
): Promise<T> {
  const controller = new AbortController()
  const onStop = () => controller.abort(stop.reason)
  if (stop.aborted) onStop()
  else stop.addEventListener('abort', onStop, { once: true })
  const timer = setTimeout(() => controller.abort(timedOut()), ms)
  timer.unref()
  const aborted = new Promise<never>((_, reject) => {
    const { signal } = controller
    if (signal.aborted) reject(signal.reason)
    else signal.addEventListener('abort', () => reject(signal.reason), { once: true })
  })
  try {
    return await Promise.race([work(controller.signal), aborted])
  } finally {
    clearTimeout(timer)
    stop.removeEventListener('abort', onStop)
  }
}

/** How often a reader looks for work nobody holds: left by a stopped server, or given back by one stopping. */
export const READER_POLL_MS = CLAIM_LEASE_MS / 2

/**
 * A reader's life with the app's: once the app is ready it takes up the work nobody holds (what a stopped
 * server left unread, like recoverInterruptedAnswers in server/chat/answer-store.ts), then looks again every
 * `pollMs` (a server that died mid-read: its claims run out, server/jobs/claims.ts); it stops when the app
 * closes.
 */
export function startReader(
  app: FastifyInstance,
  reader: { recover(): Promise<number>; close(): Promise<void> },
  leftUnread: string,
  pollMs: number | null = READER_POLL_MS,
): void {
  let timer: NodeJS.Timeout | undefined
  let polling: Promise<unknown> = Promise.resolve()
  const poll = () => {
    polling = reader
      .recover()
      .then((count) => {
        if (count > 0) app.log.warn({ count }, `${leftUnread} left unread by a stopped server taken up`)
      })
      .catch((error) => app.log.error({ err: error }, `looking for ${leftUnread} to read failed`))
  }
  app.addHook('onReady', async () => {
    // null: this app takes up no work it was not given (tests of the readers run their own beside it).
    if (pollMs === null) return
    poll()
    await polling
    timer = setInterval(poll, pollMs)
    timer.unref()
  })
  app.addHook('onClose', async () => {
    clearInterval(timer)
    await polling
    await reader.close()
  })
}

/**
 * Keeps the claims of a reader's queued and running items (server/jobs/claims.ts): renewed every third of the
 * lease while the queue holds anything; an item whose claim was lost (the row was removed or requeued, or
 * another server took it after this one stalled past its lease) is stopped. Answers how to stop renewing.
 */
export function keepClaims(
  queue: ReadingQueue<unknown>,
  claims: Pick<JobClaims, 'renew' | 'leaseMs'>,
  log: Pick<FastifyBaseLogger, 'error'>,
): () => void {
  let renewing = false
  const timer = setInterval(
    () => {
      if (renewing || queue.closed || queue.keys().length === 0) return
      renewing = true
      claims
        .renew()
        .then((held) => {
          for (const key of queue.keys()) if (!held.has(key)) queue.cancel(key, new ClaimLost())
        })
        .catch((error) => log.error({ err: error }, 'renewing read claims failed'))
        .finally(() => {
          renewing = false
        })
    },
    Math.max(1, Math.floor(claims.leaseMs / 3)),
  )
  timer.unref()
  return () => clearInterval(timer)
}

/** A read stopped because its claim is no longer this reader's. */
export class ClaimLost extends Error {
  constructor() {
    super('The read is no longer claimed by this server')
    this.name = 'ClaimLost'
  }
}
