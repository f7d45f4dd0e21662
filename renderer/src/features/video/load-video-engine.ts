import type { StartVideoCallResponse } from '../../../../contract/video'
import type { CreateVideoEngine } from './video-engine'

/** Loads the engine for the call's provider: each is its own chunk, fetched only when a call starts. */
export async function loadVideoEngine(
  kind: StartVideoCallResponse['provider']['kind'],
): Promise<CreateVideoEngine> {
  if (kind === 'tavus') return (await import('./daily/daily-engine')).createDailyEngine
  return (await import('./avatar/avatar-engine')).createAvatarEngine
}
