import type { FastifyInstance } from 'fastify'

/**
 * Runs `task` once the app is ready and then every `everyMs` until the app closes, which waits for a run
 * in progress. A failed run is logged and the next one goes ahead; the timer never keeps the process up.
 */
export function runPeriodically(
  app: FastifyInstance,
  name: string,
  everyMs: number,
  task: () => Promise<unknown>,
): void {
  let timer: NodeJS.Timeout | undefined
  let running: Promise<unknown> = Promise.resolve()
  const run = () => {
    running = task().catch((error) => app.log.error({ err: error }, `${name} failed`))
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
