import { sql } from 'drizzle-orm'
import { drizzle } from 'drizzle-orm/pglite'
import Fastify from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Db } from '../../server/db/client'
import * as schema from '../../server/db/schema'
import { uploadTexts } from '../../server/db/schema'
import { jobClaims, rowsOf, UPLOAD_TEXT_CLAIMS } from '../../server/jobs/claims'
import { claimPeriodicRuns, periodicClaims } from '../../server/jobs/periodic-claims'
import { runPeriodically } from '../../server/periodic'
import { createFileReader, type Extract } from '../../server/uploads/reader'
import { LocalUploadStore } from '../../server/uploads/store'
import { eventually } from '../support/eventually'
import { createTestApp } from './helpers'
import { claimExpired, claimOf, queuedUploads } from './job-helpers'
import { acquireSeededDatabase, type SeededDatabase } from './seeded-db'
import { uploadDataDir } from './upload-helpers'

/*
 * Issue #24 'Work claimed once' on the embedded PGlite (server/jobs/claims.ts): two claimers with their own
 * ids over one database stand for two servers. The database has no app on it, so nothing else claims its
 * rows. test/api/several-servers.test.ts proves the same on a real PostgreSQL with separate connections and
 * a killed process.
 */

const silent = { error: () => {}, warn: () => {} }

let database: SeededDatabase
let db: Db
let data: Awaited<ReturnType<typeof uploadDataDir>>
beforeAll(async () => {
  database = await acquireSeededDatabase()
  db = drizzle({ client: database.client, schema })
  data = await uploadDataDir()
})
afterAll(async () => {
  await database.release()
  await data.remove()
})

describe('claims on background work', () => {
  it('gives each job to one claimer: two claimers taking work at once never take the same row', async () => {
    const jobs = await queuedUploads(db, 30)
    const a = jobClaims(db, UPLOAD_TEXT_CLAIMS)
    const b = jobClaims(db, UPLOAD_TEXT_CLAIMS)
    const taken = { a: new Set<string>(), b: new Set<string>() }
    const take = (name: 'a' | 'b', keys: string[]) => {
      for (const key of keys) taken[name].add(key)
    }
    // Batches and single claims of both, all in flight at once.
    await Promise.all([
      ...Array.from({ length: 8 }, () => a.claimAvailable(3).then((keys) => take('a', keys))),
      ...Array.from({ length: 8 }, () => b.claimAvailable(3).then((keys) => take('b', keys))),
      ...jobs.map((job) => a.claim(job.id).then((ok) => ok && take('a', [job.id]))),
      ...jobs.map((job) => b.claim(job.id).then((ok) => ok && take('b', [job.id]))),
    ])
    const both = [...taken.a].filter((key) => taken.b.has(key))
    expect(both).toEqual([])
    expect(new Set([...taken.a, ...taken.b])).toEqual(new Set(jobs.map((job) => job.id)))
    // Each row names its one holder.
    for (const job of jobs) {
      const holder = (await claimOf(db, job.id))!.claimed_by
      expect(holder).toBe(taken.a.has(job.id) ? a.claimerId : b.claimerId)
    }
    // Nothing is left for anyone.
    expect(await jobClaims(db, UPLOAD_TEXT_CLAIMS).claimAvailable()).toEqual([])
  })

  it('lets another claimer take a job whose claim ran out, and the old holder learns it lost it', async () => {
    const [job] = await queuedUploads(db, 1)
    const a = jobClaims(db, UPLOAD_TEXT_CLAIMS, { leaseMs: 150 })
    const b = jobClaims(db, UPLOAD_TEXT_CLAIMS)
    expect(await a.claim(job!.id)).toBe(true)
    expect(await b.claim(job!.id)).toBe(false)
    expect(await b.claimAvailable()).toEqual([])
    // a stops renewing (as a killed server does); once the database's clock passes its lease:
    await eventually(async () => expect(await claimExpired(db, job!.id)).toBe(true))
    expect(await b.claim(job!.id)).toBe(true)
    expect((await claimOf(db, job!.id))!.claimed_by).toBe(b.claimerId)
    expect(await a.renew()).toEqual(new Set())
    expect(await a.claim(job!.id)).toBe(false)
  })

  it('keeps a renewed claim past its first lease', async () => {
    const [job] = await queuedUploads(db, 1)
    const a = jobClaims(db, UPLOAD_TEXT_CLAIMS, { leaseMs: 300 })
    const b = jobClaims(db, UPLOAD_TEXT_CLAIMS)
    expect(await a.claim(job!.id)).toBe(true)
    const [{ first }] = rowsOf<{ first: string }>(
      await db.execute(
        sql`select claim_expires_at::text as first from upload_texts where upload_id = ${job!.id}`,
      ),
    ) as [{ first: string }]
    // Renewing as a reader does, b never gets it, also once the first lease is over.
    await eventually(async () => {
      expect(await a.renew()).toEqual(new Set([job!.id]))
      expect(await b.claim(job!.id)).toBe(false)
      const [{ over }] = rowsOf<{ over: boolean }>(
        await db.execute(sql`select now() > ${first}::timestamptz as over`),
      ) as [{ over: boolean }]
      expect(over).toBe(true)
    })
    expect((await claimOf(db, job!.id))!.claimed_by).toBe(a.claimerId)
  })

  it('gives claims back when a claimer stops: another takes them at once', async () => {
    const jobs = await queuedUploads(db, 2)
    const a = jobClaims(db, UPLOAD_TEXT_CLAIMS)
    const b = jobClaims(db, UPLOAD_TEXT_CLAIMS)
    for (const job of jobs) expect(await a.claim(job.id)).toBe(true)
    expect(await a.releaseAll()).toBe(2)
    expect(new Set(await b.claimAvailable())).toEqual(new Set(jobs.map((job) => job.id)))
  })

  it('never claims work that is done', async () => {
    const [job] = await queuedUploads(db, 1)
    await db.update(uploadTexts).set({ state: 'ready', text: 'read' }).where(sql`upload_id = ${job!.id}`)
    expect(await jobClaims(db, UPLOAD_TEXT_CLAIMS).claim(job!.id)).toBe(false)
  })
})

describe('two file readers over one database', () => {
  it('read each file once, and a message on one server waits for the read on the other', async () => {
    // The suites above left work behind: this one starts from none.
    await db.execute(sql`update upload_texts set state = 'failed' where state in ('queued', 'reading')`)
    const store = new LocalUploadStore(data.dir)
    const jobs = await queuedUploads(db, 6, { store, text: (i) => `the text of file ${i}` })
    const reads: string[] = []
    const counting =
      (name: string): Extract =>
      async (fileName, bytes) => {
        reads.push(fileName)
        return `${name}: ${Buffer.from(bytes).toString()}`
      }
    const a = createFileReader({ db, store, log: silent, extract: counting('a') })
    const b = createFileReader({ db, store, log: silent, extract: counting('b') })
    try {
      // Both servers start and take up what a stopped one left, at the same time.
      const [fromA, fromB] = await Promise.all([a.recover(), b.recover()])
      expect(fromA + fromB).toBe(6)
      await Promise.all(jobs.flatMap((job) => [a.whenRead(job), b.whenRead(job)]))
      expect(reads.sort()).toEqual(jobs.map((job) => job.fileName).sort())
      for (const job of jobs) {
        const row = (await db.select().from(uploadTexts).where(sql`upload_id = ${job.id}`))[0]!
        expect(row).toMatchObject({ state: 'ready', claimedBy: null, claimExpiresAt: null })
        expect(row.text).toMatch(/^[ab]: the text of file \d$/)
      }
    } finally {
      await Promise.all([a.close(), b.close()])
    }

    // A file a reads (held) is waited for by b, which does not read it itself.
    let answer: ((text: string) => void) | undefined
    const held = createFileReader({
      db,
      store,
      log: silent,
      extract: () =>
        new Promise<string>((resolve) => {
          answer = resolve
        }),
    })
    const other = createFileReader({ db, store, log: silent, extract: counting('other'), waitPollMs: 20 })
    try {
      const [file] = await queuedUploads(db, 1, { store })
      await held.enqueue(file!)
      await eventually(() => expect(answer).toBeDefined())
      expect((await claimOf(db, file!.id))!.state).toBe('reading')
      let waited = false
      const waiting = other.whenRead(file!).then(() => {
        waited = true
      })
      // b finds nothing to take while a holds the read: it neither reads the file nor stops waiting.
      expect(await other.recover()).toBe(0)
      expect(await other.recover()).toBe(0)
      expect(waited).toBe(false)
      answer!('read by the holder')
      await waiting
      const [row] = await db.select().from(uploadTexts).where(sql`upload_id = ${file!.id}`)
      expect(row).toMatchObject({ state: 'ready', text: 'read by the holder' })
      // b read nothing more than the six files above.
      expect(reads).toHaveLength(6)
    } finally {
      await Promise.all([held.close(), other.close()])
    }
  })
})

describe('periodic tasks over one database', () => {
  it('run on one claimer at a time, spaced across claimers, and a dead run is taken over', async () => {
    const a = periodicClaims(db)
    const b = periodicClaims(db)
    const endA = await a.begin('test sweep', 0)
    expect(endA).not.toBeNull()
    expect(await b.begin('test sweep', 0)).toBeNull()
    await endA!()
    // a started it just now: b skips a run due within the minute, takes one due at once.
    expect(await b.begin('test sweep', 60_000)).toBeNull()
    const endB = await b.begin('test sweep', 0)
    expect(endB).not.toBeNull()
    await endB!()

    // A server died mid-run an hour ago: its lease ran out, so the run is anyone's.
    await db.execute(sql`insert into periodic_runs (name, claimed_by, claim_expires_at, started_at)
      values ('dead sweep', 'dead-server', now() - interval '1 second', now() - interval '1 hour')`)
    const endDead = await a.begin('dead sweep', 60_000)
    expect(endDead).not.toBeNull()
    await endDead!()
    // One that is alive keeps it.
    await db.execute(sql`insert into periodic_runs (name, claimed_by, claim_expires_at, started_at)
      values ('live sweep', 'live-server', now() + interval '1 minute', now() - interval '1 hour')`)
    expect(await a.begin('live sweep', 0)).toBeNull()
  })

  it('two apps over one database run a sweep once between them', async () => {
    let runs = 0
    const apps = [Fastify({ logger: false }), Fastify({ logger: false })]
    for (const app of apps) {
      claimPeriodicRuns(app, periodicClaims(db))
      runPeriodically(app, 'shared sweep', 60_000, async () => {
        runs += 1
      })
    }
    await Promise.all(apps.map((app) => app.ready()))
    // Closing waits for a run in progress.
    await Promise.all(apps.map((app) => app.close()))
    expect(runs).toBe(1)
  })
})

describe('request-rate limits on PGlite', () => {
  it('stay in memory: nothing is written to the shared counters', async () => {
    const t = await createTestApp({ env: { RATE_LIMIT_WRITES: '2' } })
    try {
      const feedback = { subject: 'Hello', feedback: 'Nice clone', slug: 'lena-hart' }
      const send = () => t.app.inject({ method: 'POST', url: '/api/feedback', payload: feedback })
      expect((await send()).statusCode).toBe(201)
      expect((await send()).statusCode).toBe(201)
      expect((await send()).statusCode).toBe(429)
      expect(rowsOf(await t.db.execute(sql`select key from rate_limit_counters`))).toEqual([])
    } finally {
      await t.close()
    }
  })
})
