import { type ChildProcess, spawn } from 'node:child_process'
import { once } from 'node:events'
import { createInterface } from 'node:readline'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ApiErrorBody } from '../../contract'
import type { DatabaseHandle } from '../../server/db/client'
import { uploadTexts } from '../../server/db/schema'
import { jobClaims, rowsOf, UPLOAD_TEXT_CLAIMS } from '../../server/jobs/claims'
import { RATE_LIMIT_TEXT } from '../../server/rate-limits'
import { createFileReader } from '../../server/uploads/reader'
import { LocalUploadStore } from '../../server/uploads/store'
import {
  describeWithPostgres,
  openPostgres,
  type PostgresCluster,
  prepareDatabase,
  startTestPostgres,
} from '../setup/postgres'
import { eventually } from '../support/eventually'
import { createPostgresTestApp, type TestApp } from './helpers'
import { claimOf, queuedUploads } from './job-helpers'
import { uploadDataDir } from './upload-helpers'

/*
 * Issue #24 on a real PostgreSQL (a temporary cluster, test/setup/postgres.ts): claimers with connections of
 * their own never take the same job, a killed process's read is taken over once its lease runs out, and two
 * apps on one database share the request-rate limits.
 */

const silent = { error: () => {}, warn: () => {} }

describeWithPostgres('several servers on one PostgreSQL', () => {
  let cluster: PostgresCluster
  let data: Awaited<ReturnType<typeof uploadDataDir>>
  beforeAll(async () => {
    cluster = await startTestPostgres()
    await prepareDatabase(cluster)
    data = await uploadDataDir()
  })
  afterAll(async () => {
    await cluster?.stop()
    await data?.remove()
  })

  describe('claims over separate connections', () => {
    let first: DatabaseHandle
    let second: DatabaseHandle
    beforeAll(async () => {
      first = await openPostgres(cluster)
      second = await openPostgres(cluster)
    })
    afterAll(async () => {
      await first?.close()
      await second?.close()
    })

    it('never give one job to two claimers taking work at the same time', async () => {
      const jobs = await queuedUploads(first.db, 40)
      const a = jobClaims(first.db, UPLOAD_TEXT_CLAIMS)
      const b = jobClaims(second.db, UPLOAD_TEXT_CLAIMS)
      const taken = { a: [] as string[], b: [] as string[] }
      // Each claimer asks with many connections at once, in small batches and job by job.
      await Promise.all([
        ...Array.from({ length: 10 }, () => a.claimAvailable(2).then((keys) => taken.a.push(...keys))),
        ...Array.from({ length: 10 }, () => b.claimAvailable(2).then((keys) => taken.b.push(...keys))),
        // From either end of the queue, so the two meet in the middle.
        ...jobs.map((job) => a.claim(job.id).then((ok) => ok && taken.a.push(job.id))),
        ...jobs.toReversed().map((job) => b.claim(job.id).then((ok) => ok && taken.b.push(job.id))),
      ])
      const ofA = new Set(taken.a)
      expect(taken.b.filter((key) => ofA.has(key))).toEqual([])
      // Every job taken, by one claimer only (a claimer may confirm its own claim twice). Which claimer wins
      // each race is the database's timing: on a loaded machine one may win them all, no failure of the claims.
      expect(new Set([...taken.a, ...taken.b])).toEqual(new Set(jobs.map((job) => job.id)))
      // Done with them: nothing left for the apps below.
      await first.db.execute(
        sql`update upload_texts set state = 'failed' where state in ('queued', 'reading')`,
      )
    })

    it('take over the read of a killed process once its lease runs out, and read it once', async () => {
      const store = new LocalUploadStore(data.dir)
      const [file] = await queuedUploads(first.db, 1, {
        store,
        text: () => 'Read after the other server died.',
      })
      const child = startClaimingReader(cluster.url, data.dir, file!.id, 1_000)
      try {
        const claimer = await readingLine(child)
        expect(await claimOf(first.db, file!.id)).toEqual({ state: 'reading', claimed_by: claimer })
        // Alive, it renews its lease: nobody can take the read, also after its first lease is over.
        const { first: firstExpiry } = rowsOf<{ first: string }>(
          await first.db.execute(
            sql`select claim_expires_at::text as first from upload_texts where upload_id = ${file!.id}`,
          ),
        )[0]!
        const other = jobClaims(second.db, UPLOAD_TEXT_CLAIMS)
        await eventually(async () => {
          expect(await other.claim(file!.id)).toBe(false)
          const [{ over }] = rowsOf<{ over: boolean }>(
            await second.db.execute(sql`select now() > ${firstExpiry}::timestamptz as over`),
          ) as [{ over: boolean }]
          expect(over).toBe(true)
        })
      } finally {
        // Killed mid-read, as a machine dies: no clean-up, its claim stays until it runs out.
        child.kill('SIGKILL')
        await once(child, 'exit')
      }
      const reads: string[] = []
      const reader = createFileReader({
        db: second.db,
        store,
        log: silent,
        waitPollMs: 50,
        extract: async (fileName, bytes) => {
          reads.push(fileName)
          return Buffer.from(bytes).toString()
        },
      })
      try {
        // A message on this server waits for the file: read here once the dead claim runs out.
        await reader.whenRead(file!)
        const [row] = await first.db.select().from(uploadTexts).where(sql`upload_id = ${file!.id}`)
        expect(row).toMatchObject({
          state: 'ready',
          text: 'Read after the other server died.',
          claimedBy: null,
        })
        expect(reads).toEqual([file!.fileName])
      } finally {
        await reader.close()
      }
    })
  })

  describe('two apps on one database', () => {
    const LIMIT = 4
    let apps: TestApp[] = []
    beforeAll(async () => {
      const env = { RATE_LIMIT_WRITES: String(LIMIT), TRUST_PROXY: '1', DATA_DIR: data.dir }
      apps = await Promise.all([
        createPostgresTestApp(cluster.url, { env }),
        createPostgresTestApp(cluster.url, { env }),
      ])
    })
    afterAll(async () => {
      await Promise.all(apps.map((t) => t.close()))
    })

    const feedback = { subject: 'Hello', feedback: 'Nice clone', slug: 'lena-hart' }
    const send = (t: TestApp, client: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/feedback',
        payload: feedback,
        headers: { 'x-forwarded-for': client },
        remoteAddress: '10.0.0.1',
      })

    it(`share a route's limit: ${LIMIT} requests split over both, the next one refused`, async () => {
      const client = '203.0.113.7'
      for (let i = 0; i < LIMIT; i += 1) {
        const res = await send(apps[i % 2]!, client)
        expect(res.statusCode, res.body).toBe(201)
        expect(res.headers['x-ratelimit-remaining']).toBe(String(LIMIT - i - 1))
      }
      for (const t of apps) {
        const refused = await send(t, client)
        expect(refused.statusCode).toBe(429)
        expect(ApiErrorBody.parse(refused.json())).toEqual({
          error: { code: 'rate_limited', message: RATE_LIMIT_TEXT },
        })
        const retryAfter = Number(refused.headers['retry-after'])
        expect(retryAfter).toBeGreaterThanOrEqual(1)
        expect(retryAfter).toBeLessThanOrEqual(60)
      }
      // Another client has its own count, on either server.
      expect((await send(apps[1]!, '203.0.113.8')).statusCode).toBe(201)
      const counters = rowsOf<{ key: string; count: number }>(
        await apps[0]!.db.execute(sql`select key, count from rate_limit_counters order by key`),
      )
      expect(counters).toEqual([
        { key: 'POST /api/feedback 203.0.113.7', count: LIMIT + 2 },
        { key: 'POST /api/feedback 203.0.113.8', count: 1 },
      ])
    })

    it('claim their periodic tasks through the database', async () => {
      // Each app started its tasks once ready; a run is claimed (and its start kept) in periodic_runs.
      const names = async () =>
        rowsOf<{ name: string }>(
          await apps[0]!.db.execute(sql`select name from periodic_runs where finished_at is not null`),
        ).map((run) => run.name)
      await eventually(async () =>
        expect(await names()).toEqual(
          expect.arrayContaining([
            'billing sweep',
            'interrupted answers sweep',
            'rate limit counters sweep',
            'upload sweep',
            'call inactivity sweep',
          ]),
        ),
      )
    })
  })
})

/** The file reader of test/support/claiming-reader.ts in a process of its own. */
function startClaimingReader(url: string, dir: string, uploadId: string, leaseMs: number): ChildProcess {
  return spawn(process.execPath, ['--import', 'tsx', 'test/support/claiming-reader.ts'], {
    env: {
      ...process.env,
      DATABASE_URL: url,
      UPLOADS_DIR: dir,
      UPLOAD_ID: uploadId,
      LEASE_MS: String(leaseMs),
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  })
}

/** The claimer id the child prints once it is reading. */
async function readingLine(child: ChildProcess): Promise<string> {
  const lines = createInterface({ input: child.stdout! })
  const exited = once(child, 'exit').then(([code]) => {
    throw new Error(`the claiming reader exited (${code}) before reading`)
  })
  const reading = (async () => {
    for await (const line of lines) {
      const match = /^reading (.+)$/.exec(line)
      if (match) return match[1]!
    }
    throw new Error('the claiming reader said nothing')
  })()
  return Promise.race([reading, exited])
}
