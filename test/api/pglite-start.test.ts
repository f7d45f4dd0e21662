import { describe, expect, it } from 'vitest'
import { loadConfig } from '../../server/config'
import { openDatabase, PGLITE_SHARED_BUFFERS } from '../../server/db/client'

/** The embedded database's page cache (server/db/client.ts): small by default, PGLITE_SHARED_BUFFERS sets it. */
describe('the embedded PGlite start', () => {
  const sharedBuffers = async (env: Record<string, string>) => {
    const handle = await openDatabase(loadConfig({ ...env }), { inMemory: true })
    try {
      if (handle.kind !== 'pglite') throw new Error('expected PGlite')
      const { rows } = await handle.client.query<{ shared_buffers: string }>('show shared_buffers')
      return rows[0]!.shared_buffers
    } finally {
      await handle.close()
    }
  }

  it(`opens with ${PGLITE_SHARED_BUFFERS} of shared buffers, not PostgreSQL's 128MB`, async () => {
    expect(await sharedBuffers({})).toBe(PGLITE_SHARED_BUFFERS)
  })

  it('takes another size from PGLITE_SHARED_BUFFERS, and refuses one that is not a size', async () => {
    expect(await sharedBuffers({ PGLITE_SHARED_BUFFERS: '32MB' })).toBe('32MB')
    expect(() => loadConfig({ PGLITE_SHARED_BUFFERS: 'lots' })).toThrow(/PGLITE_SHARED_BUFFERS/)
  })
})
