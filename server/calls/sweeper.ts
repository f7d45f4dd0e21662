import type { FastifyInstance } from 'fastify'
import type { Db } from '../db/client'
import { runPeriodically } from '../periodic'
import { endInactiveVideoCalls } from './video-call-store'
import { endInactiveCalls } from './voice-call-store'

/** How often open calls are checked for inactivity (well under the 60 s time-out of spec 2 §9). */
export const CALL_SWEEP_EVERY_MS = 15_000

/**
 * spec 2 §9 'silence time-out 60 s': a call whose browser stopped sending heartbeats (tab closed, network
 * gone) is ended at its last sign of life, reason 'inactivity', and its seconds charged once. Voice and
 * video calls alike (server/calls/voice-call-store.ts, video-call-store.ts).
 */
export function startVoiceCallSweeper(
  app: FastifyInstance,
  db: Db,
  now: () => Date = () => new Date(),
): void {
  runPeriodically(app, 'voice call inactivity sweep', CALL_SWEEP_EVERY_MS, async () => {
    const ended = await endInactiveCalls(db, now())
    if (ended > 0) app.log.info({ ended }, 'inactive voice calls ended')
  })
  runPeriodically(app, 'video call inactivity sweep', CALL_SWEEP_EVERY_MS, async () => {
    const ended = await endInactiveVideoCalls(db, now())
    if (ended > 0) app.log.info({ ended }, 'inactive video calls ended')
  })
}
