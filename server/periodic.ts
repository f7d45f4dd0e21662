import type { FastifyInstance } from 'fastify'
import { periodicClaimsOf } from './jobs/periodic-claims'

/** A run waits until this share of the period has passed since any server last started the task. */
const SPACING_SHARE = 0.9

/**
 * Runs `task` once the app is ready and then every `everyMs` until the app closes, which waits for a run
 * in progress. A failed run is logged and the next one goes ahead; the timer never keeps the process up.
 * With the app's periodic claims (server/jobs/periodic-claims.ts) a run is claimed through the database
 * first: one server runs the task at a time, and servers together about once per period.
 */
export function runPeriodically(
  app: FastifyInstance,
  name: string,
  everyMs: number,
  task: () => Promise<unknown>,
): void {
  let timer: NodeJS.Timeout | undefined
  let running: Promise<unknown> = Promise.resolve()
  const claimed = async () => {
    const claims = periodicClaimsOf(app)
    if (!claims) return task()
    const end = await claims.begin(name, everyMs * SPACING_SHARE)
    if (!end) return
    try {
      return await task()
    } finally {
      await end()
    }
  }
  const run = () => {
    running = claimed().catch((error) => app.log.error({ err: error }, `${name} failed`))
  }
  app.addHook('onReady', async () => {
    run()
    timer = setInterval(run, everyMs)
    timer.unref()
  })
  app.addHook('onClose', async () => {
    clearInterval(timer)
    await running
  })
}
