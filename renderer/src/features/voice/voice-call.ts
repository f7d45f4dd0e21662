import type { VoiceCapabilities } from '../../../../contract/calls'
import {
  endVoiceCall,
  fetchVoiceCapabilities,
  reportVoiceFailure,
  sendVoiceHeartbeat,
  startVoiceCall,
} from '../../api/voice'
import { dialogs } from '../../navigation/dialogs.store'
import { getPlatform } from '../../platform'
import { createCallStore } from './call.store'
import { loadCallEngine } from './load-call-engine'

let capabilities: Promise<VoiceCapabilities> | undefined

/** The one voice call of the app, on the API client, the engines and the platform. */
export const voiceCall = createCallStore({
  startVoiceCall,
  endVoiceCall,
  sendVoiceHeartbeat,
  reportVoiceFailure,
  loadCallEngine,
  capabilities: () => {
    capabilities ??= fetchVoiceCapabilities().catch((error: unknown) => {
      capabilities = undefined
      throw error
    })
    return capabilities
  },
  microphonePermission: () => getPlatform().permissions.status('microphone'),
  isPaywallOpen: () => dialogs.open?.kind === 'paywall',
  now: () => Date.now(),
})
