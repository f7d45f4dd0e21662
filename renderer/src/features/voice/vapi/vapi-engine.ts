import type { CallEngine, CallEngineContext } from '../call-engine'

/** Vapi (real provider). Placeholder until the Vapi engine lands: it fails loudly. */
export function createVapiEngine(context: CallEngineContext): CallEngine {
  return {
    async start() {
      context.onEvent({
        type: 'error',
        error: { kind: 'provider', message: 'The Vapi call engine is not built yet' },
      })
    },
    setMuted() {},
    async stop() {},
  }
}
