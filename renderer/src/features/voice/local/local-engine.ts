import type { CallEngine, CallEngineContext } from '../call-engine'

/** The local call (embedded default). Placeholder until the local engine lands: it fails loudly. */
export function createLocalEngine(context: CallEngineContext): CallEngine {
  return {
    async start() {
      context.onEvent({
        type: 'error',
        error: { kind: 'provider', message: 'The local call engine is not built yet' },
      })
    },
    setMuted() {},
    async stop() {},
  }
}
