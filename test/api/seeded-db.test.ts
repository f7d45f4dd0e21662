import { readFile } from 'node:fs/promises'
import { PGlite } from '@electric-sql/pglite'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { pgliteStart } from '../../server/db/client'
import { acquireSeededDatabase } from './seeded-db'

/**
 * Everything a test can read back from a database: each table's rows, each sequence, the schema, the
 * session's settings. Two databases with equal states answer every query alike.
 */
async function stateOf(client: PGlite) {
  const { rows: tables } = await client.query<{ name: string }>(
    `select c.oid::regclass::text as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where c.relkind = 'r' and n.nspname not in ('pg_catalog', 'information_schema') order by 1`,
  )
  const rows: Record<string, string[]> = {}
  for (const { name } of tables) {
    const result = await client.query<{ row: string }>(`select t::text as row from ${name} t order by 1`)
    rows[name] = result.rows.map((r) => r.row)
  }
  const sequences = await client.query(
    'select schemaname, sequencename, start_value, last_value from pg_sequences order by 1, 2',
  )
  const columns = await client.query(
    `select table_schema, table_name, column_name, data_type, column_default, is_nullable
      from information_schema.columns where table_schema not in ('pg_catalog', 'information_schema') order by 1, 2, 3`,
  )
  const settings = await client.query(
    `select name, setting from pg_settings where source not in ('default', 'override') order by 1`,
  )
  return { rows, sequences: sequences.rows, columns: columns.rows, settings: settings.rows }
}

async function freshCopy(): Promise<PGlite> {
  const dump = await readFile(inject('seedDbPath'))
  const client = new PGlite({ ...pgliteStart(), loadDataDir: new Blob([new Uint8Array(dump)]) })
  await client.waitReady
  return client
}

/** Writes to every table: deletes every row (without foreign-key checks) and adds a user and a migration. */
async function writeEverywhere(client: PGlite) {
  const { rows: tables } = await client.query<{ name: string }>(
    `select c.oid::regclass::text as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where c.relkind = 'r' and n.nspname not in ('pg_catalog', 'information_schema')`,
  )
  await client.exec('set session_replication_role = replica')
  for (const { name } of tables) await client.exec(`delete from ${name}`)
  await client.exec('set session_replication_role = default')
  await client.exec(`insert into users (email) values ('someone@likeness.test')`)
  await client.exec(`insert into drizzle.__drizzle_migrations (hash, created_at) values ('x', 1)`)
  await client.exec(`set datestyle = 'German'`)
}

describe('the seeded database a test app gets', () => {
  let fresh: PGlite
  let expected: Awaited<ReturnType<typeof stateOf>>
  beforeAll(async () => {
    fresh = await freshCopy()
    expected = await stateOf(fresh)
  })
  afterAll(() => fresh.close())

  it('has the seed in it', () => {
    expect(expected.rows.users).toHaveLength(5)
    expect(expected.rows['drizzle.__drizzle_migrations']!.length).toBeGreaterThan(0)
    expect(expected.sequences.length).toBeGreaterThan(0)
  })

  it('is, after a previous test wrote to every table, reused and in the same state as a fresh copy', async () => {
    const first = await acquireSeededDatabase()
    await writeEverywhere(first.client)
    expect(await stateOf(first.client)).not.toEqual(expected)
    await first.release()

    const second = await acquireSeededDatabase()
    expect(second.client).toBe(first.client)
    expect(await stateOf(second.client)).toEqual(expected)
    await second.release()
  })

  it('is a new copy when the previous test changed the schema', async () => {
    const first = await acquireSeededDatabase()
    await first.client.exec('alter table users add column nickname text')
    await first.release()

    const second = await acquireSeededDatabase()
    expect(second.client).not.toBe(first.client)
    expect(first.client.closed).toBe(true)
    expect(await stateOf(second.client)).toEqual(expected)
    await second.release()
  })

  it('is a new copy when the previous test left a transaction open', async () => {
    const first = await acquireSeededDatabase()
    await first.client.exec(`begin; insert into users (email) values ('late@likeness.test')`)
    await first.release()

    const second = await acquireSeededDatabase()
    expect(second.client).not.toBe(first.client)
    expect(await stateOf(second.client)).toEqual(expected)
    await second.release()
  })

  it('is a separate copy for each app open at the same time, each reset when reused', async () => {
    const one = await acquireSeededDatabase()
    const other = await acquireSeededDatabase()
    expect(other.client).not.toBe(one.client)
    await one.client.exec(`insert into users (email) values ('one@likeness.test')`)
    await other.client.exec(`delete from suggested_questions`)
    expect(await stateOf(other.client)).not.toEqual(expected)
    await one.release()
    await other.release()

    const again = [await acquireSeededDatabase(), await acquireSeededDatabase()]
    expect(new Set(again.map((d) => d.client))).toEqual(new Set([one.client, other.client]))
    for (const d of again) expect(await stateOf(d.client)).toEqual(expected)
    for (const d of again) await d.release()
  })
})
