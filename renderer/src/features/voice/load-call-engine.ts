import type { StartVoiceCallResponse } from '../../../../contract/calls'
import type { CreateCallEngine } from './call-engine'

/** Loads the engine for the call's provider: each is its own chunk, fetched only when a call starts. */
export async function loadCallEngine(
  kind: StartVoiceCallResponse['provider']['kind'],
): Promise<CreateCallEngine> {
  if (kind === 'vapi') return (await import('./vapi/vapi-engine')).createVapiEngine
  return (await import('./local/local-engine')).createLocalEngine
}
