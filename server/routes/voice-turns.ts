import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { requireOwnCall } from '../calls/call-access'
import { callAllowanceOf, requireCallSeconds } from '../calls/call-allowance'
import { type CallTurnOptions, registerCallTurns } from '../calls/call-turns'
import { elapsedSeconds, touchVoiceCall } from '../calls/voice-call-store'

export type VoiceTurnRoutesOptions = CallTurnOptions
export { CALL_ENDED } from '../calls/call-turns'

/**
 * The local voice call's turns and speech (spec 2 §7): server/calls/call-turns.ts, held to the voice
 * quota and stored in the call's BROWSER_VOICE conversation.
 */
export const voiceTurnRoutes: FastifyPluginAsyncZod<VoiceTurnRoutesOptions> = async (app, options) => {
  const { db } = options
  registerCallTurns(app, options, {
    prefix: '/api/calls/voice',
    requireCall: (request, callId) => requireOwnCall(db, request, callId),
    requireTime: async (clone, call, at) => {
      const voice = await callAllowanceOf(db, 'voice', clone, call, call.instanceId, at, call.id)
      requireCallSeconds(voice, elapsedSeconds(call, at))
    },
    touch: (callId, at) => touchVoiceCall(db, callId, at),
  })
}
