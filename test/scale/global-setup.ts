import type { FullConfig } from '@playwright/test'
import { startScaleStack } from '../../scripts/support/scale-stack'
import { serverCommand } from '../../scripts/support/server-process'
import { SCALE_SERVER_ENV } from './scale-env'

/**
 * `npm run test:scale`: the whole multi-instance stack (scripts/support/scale-stack.ts: PostgreSQL, s3rver, two
 * built servers, haproxy) on the port the config chose, for the journeys to run through its proxy. The
 * instances' process ids go to the specs in SCALE_INSTANCES (the kill spec stops one mid-answer).
 */
export default async function globalSetup(_config: FullConfig) {
  const stack = await startScaleStack({
    port: Number(process.env.E2E_PORT),
    env: SCALE_SERVER_ENV,
    command: serverCommand('built'),
    onProgress: (message) => console.log(`[stack] ${message}`),
    onLog: (source, line) => console.log(`[${source}] ${line}`),
  })
  process.env.SCALE_INSTANCES = JSON.stringify(
    stack.instances.map((i) => ({ name: i.name, url: i.url, pid: i.child?.pid })),
  )
  console.log(`[stack] Scale-out stack at ${stack.url}`)
  return async () => {
    await stack.stop()
  }
}
