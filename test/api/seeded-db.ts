import { readFile } from 'node:fs/promises'
import { PGlite } from '@electric-sql/pglite'
import { inject } from 'vitest'
import { pgliteStart } from '../../server/db/client'

/**
 * The API suite's databases: in-memory PGlite copies of the migrated, seeded template that
 * test/setup/global-db.ts dumps once per run.
 *
 * Starting a PGlite from that dump costs about a second of CPU (the WebAssembly instance, PostgreSQL's start,
 * a 40 MB data folder), so a worker keeps the copies closed test apps give back (the server project runs its
 * files one after another in the same worker, without isolation: vitest.config.ts) and, at the next
 * `acquireSeededDatabase()`, puts one back to the template's state instead of starting another: every table
 * emptied and refilled with the template's rows (COPY, binary, read from the fresh copy before its first use),
 * every sequence set back, the session's settings discarded. A copy is only reused when nothing a reset does
 * not restore has changed: the same schema (relations, columns, defaults, constraints, indexes, triggers,
 * functions, types, extensions) and no transaction left open; otherwise it is closed and a fresh one
 * started. test/api/seeded-db.test.ts proves a reset copy equals a fresh one after writes to every table.
 */

interface Template {
  /** Every ordinary table outside the system schemas (drizzle's migration journal too), quoted. */
  tables: string[]
  /** Each table's rows, `COPY ... TO` in binary; only tables that have rows. */
  rows: Map<string, Blob>
  /** SQL that sets every sequence back to where the template left it. */
  sequences: string
  fingerprint: string
}

export interface SeededDatabase {
  client: PGlite
  /** Gives the copy back for the next acquire in this worker (or closes it when enough are kept). */
  release(): Promise<void>
}

const USER_NAMESPACES = `select oid from pg_namespace
  where nspname not in ('pg_catalog', 'information_schema') and nspname not like 'pg\\_toast%' and nspname not like 'pg\\_temp%'`

/** One text covering everything in the schema that a reset does not put back: equal texts, equal schemas. */
const FINGERPRINT = `select md5(coalesce(string_agg(line, E'\\n' order by line), '')) as fingerprint from (
  select format('relation %s %s %s', c.oid::regclass, c.relkind, c.relpersistence) as line
    from pg_class c where c.relnamespace in (${USER_NAMESPACES})
  union all select format('column %s %s %s %s %s %s', a.attrelid::regclass, a.attname, format_type(a.atttypid, a.atttypmod),
      a.attnotnull, a.attgenerated, pg_get_expr(d.adbin, d.adrelid))
    from pg_attribute a join pg_class c on c.oid = a.attrelid
    left join pg_attrdef d on d.adrelid = a.attrelid and d.adnum = a.attnum
    where c.relnamespace in (${USER_NAMESPACES}) and a.attnum > 0 and not a.attisdropped
  union all select format('constraint %s %s %s', conrelid::regclass, conname, pg_get_constraintdef(oid))
    from pg_constraint where connamespace in (${USER_NAMESPACES})
  union all select format('index %s', pg_get_indexdef(indexrelid))
    from pg_index i join pg_class c on c.oid = i.indexrelid where c.relnamespace in (${USER_NAMESPACES})
  union all select format('trigger %s', pg_get_triggerdef(oid)) from pg_trigger where not tgisinternal
  union all select format('function %s', pg_get_functiondef(oid))
    from pg_proc where pronamespace in (${USER_NAMESPACES}) and prokind in ('f', 'p')
  union all select format('type %s %s', oid::regtype, typtype) from pg_type where typnamespace in (${USER_NAMESPACES})
  union all select format('enum %s %s %s', enumtypid::regtype, enumsortorder, enumlabel) from pg_enum
  union all select format('extension %s %s', extname, extversion) from pg_extension
  union all select format('setting %s', array_to_string(setconfig, ',')) from pg_db_role_setting
) as schema_lines`

async function fingerprintOf(client: PGlite): Promise<string> {
  const { rows } = await client.query<{ fingerprint: string }>(FINGERPRINT)
  return rows[0]!.fingerprint
}

async function readTemplate(client: PGlite): Promise<Template | undefined> {
  const { rows: relations } = await client.query<{ name: string; relkind: string }>(
    `select c.oid::regclass::text as name, c.relkind from pg_class c
      where c.relnamespace in (${USER_NAMESPACES}) and c.relkind in ('r', 'p', 'm', 'f') order by 1`,
  )
  // Only plain tables are put back; anything else (a materialized view, a partitioned table) is not reused.
  if (relations.some((r) => r.relkind !== 'r')) return undefined
  const tables = relations.map((r) => r.name)
  const rows = new Map<string, Blob>()
  for (const table of tables) {
    const { rows: counted } = await client.query<{ any: boolean }>(
      `select exists (select from ${table}) as any`,
    )
    if (!counted[0]!.any) continue
    const { blob } = await client.query(`copy ${table} to '/dev/blob' with (format binary)`)
    if (!blob) throw new Error(`COPY gave no rows for ${table}`)
    rows.set(table, blob)
  }
  const { rows: sequences } = await client.query<{ name: string; start: string; last: string | null }>(
    `select format('%I.%I', schemaname, sequencename) as name, start_value::text as start, last_value::text as last
      from pg_sequences`,
  )
  return {
    tables,
    rows,
    sequences: sequences
      .map((s) =>
        s.last === null
          ? `select setval('${s.name}', ${s.start}, false);`
          : `select setval('${s.name}', ${s.last}, true);`,
      )
      .join('\n'),
    fingerprint: await fingerprintOf(client),
  }
}

/** Puts a used copy back to the template's state; false when it cannot be (the caller drops the copy). */
async function reset(client: PGlite, template: Template): Promise<boolean> {
  if (client.closed) return false
  try {
    // Fails inside an open transaction block: a copy left mid-transaction is not reused.
    await client.exec('discard all')
  } catch {
    return false
  }
  if ((await fingerprintOf(client)) !== template.fingerprint) return false
  await client.transaction(async (tx) => {
    if (template.tables.length > 0) await tx.exec(`truncate ${template.tables.join(', ')}`)
    // The rows go back as they were: no foreign-key checks or user triggers while they load.
    await tx.exec('set local session_replication_role = replica')
    for (const [table, blob] of template.rows) {
      await tx.query(`copy ${table} from '/dev/blob' with (format binary)`, [], { blob })
    }
    await tx.exec(template.sequences)
  })
  return true
}

let template: Template | undefined
let templateRead = false
/**
 * Copies closed test apps gave back, for the next acquires in this worker. Two, because a file may open a
 * second app while its main one is open (each copy holds about 200 MB).
 */
const kept: PGlite[] = []
const KEEP_AT_MOST = 2

async function openFresh(): Promise<PGlite> {
  const dump = await readFile(inject('seedDbPath'))
  const client = new PGlite({ ...pgliteStart(), loadDataDir: new Blob([new Uint8Array(dump)]) })
  await client.waitReady
  if (!templateRead) {
    template = await readTemplate(client)
    templateRead = true
  }
  return client
}

/** A database in the template's migrated, seeded state, as a fresh copy of it would be. */
export async function acquireSeededDatabase(): Promise<SeededDatabase> {
  let client = kept.pop()
  if (client && !(template && (await reset(client, template)))) {
    await client.close().catch(() => {})
    client = undefined
  }
  client ??= await openFresh()
  const used = client
  return {
    client: used,
    release: async () => {
      if (used.closed || kept.includes(used)) return
      if (kept.length >= KEEP_AT_MOST || !template) {
        await used.close()
        return
      }
      kept.push(used)
    },
  }
}
