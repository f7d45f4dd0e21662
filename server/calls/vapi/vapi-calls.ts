import type { VoiceCallProvider } from '../voice-provider'
import { buildVapiAssistant } from './assistant'
import { callSecret, type VapiKeys } from './vapi-secrets'

/**
 * Vapi holds the call (spec 2 §7): the browser joins with our public key and the assistant built here, which
 * sends the clone's turns to our custom-LLM endpoint and the end-of-call report to our webhook, each with
 * this call's own secret.
 */
export function createVapiCalls(keys: VapiKeys, publicUrl: string): VoiceCallProvider {
  return {
    kind: 'vapi',
    providerFor: async (call) => {
      const binding = { callId: call.callId, conversationId: call.conversationId, cloneSlug: call.clone.slug }
      const assistant = buildVapiAssistant(call, {
        publicUrl,
        llmSecret: callSecret(keys.llmSecret, binding),
        webhookSecret: callSecret(keys.webhookSecret, binding),
      })
      return { kind: 'vapi', publicKey: keys.publicKey, assistant }
    },
  }
}
