import type { FastifyInstance } from 'fastify'
import type { Db } from '../db/client'
import { runPeriodically } from '../periodic'
import { endInactiveVideoCalls } from './video-call-store'
import { endInactiveCalls } from './voice-call-store'

/** How often open calls are checked for inactivity (well under the 60 s time-out of spec 2 §9). */
export const CALL_SWEEP_EVERY_MS = 15_000

/** Each kind of call's sweep over the one ledger (server/calls/call-ledger.ts endLeftCalls). */
const SWEEPS: ReadonlyArray<{ kind: 'voice' | 'video'; sweep: (db: Db, now: Date) => Promise<number> }> = [
  { kind: 'voice', sweep: endInactiveCalls },
  { kind: 'video', sweep: endInactiveVideoCalls },
]

/**
 * spec 2 §9 'silence time-out 60 s': a call whose browser stopped sending heartbeats (tab closed, network
 * gone) is ended at its last sign of life, reason 'inactivity', and its seconds charged once. One loop over
 * both kinds; one kind's failure does not keep the other's calls open.
 */
export function startVoiceCallSweeper(
  app: FastifyInstance,
  db: Db,
  now: () => Date = () => new Date(),
): void {
  runPeriodically(app, 'call inactivity sweep', CALL_SWEEP_EVERY_MS, async () => {
    const at = now()
    for (const { kind, sweep } of SWEEPS) {
      try {
        const ended = await sweep(db, at)
        if (ended > 0) app.log.info({ kind, ended }, 'inactive calls ended')
      } catch (err) {
        app.log.error({ err, kind }, 'call inactivity sweep failed')
      }
    }
  })
}
