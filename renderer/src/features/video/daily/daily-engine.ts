import type { VideoEngine, VideoEngineContext } from '../video-engine'

/** Tavus on Daily. Placeholder until its engine lands: it fails loudly. */
export function createDailyEngine(context: VideoEngineContext): VideoEngine {
  return {
    async start() {
      context.onEvent({
        type: 'error',
        error: { kind: 'provider', message: 'Tavus on Daily engine is not built yet' },
      })
    },
    setMuted() {},
    setCamera() {},
    async setMicrophone() {},
    async stop() {
      return { uploadId: null }
    },
  }
}
