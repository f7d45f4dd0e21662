import type { VideoEngine, VideoEngineContext } from '../video-engine'

/** The local avatar. Placeholder until its engine lands: it fails loudly. */
export function createAvatarEngine(context: VideoEngineContext): VideoEngine {
  return {
    async start() {
      context.onEvent({
        type: 'error',
        error: { kind: 'provider', message: 'The local avatar engine is not built yet' },
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
