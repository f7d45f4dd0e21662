import type { FastifyRequest } from 'fastify'
import { ownerOf } from '../auth/visitor'
import { isOwner } from '../chat/conversation-store'
import type { Db } from '../db/client'
import { notFound } from '../errors'
import { findVideoCall, type VideoCallRow } from './video-call-store'
import { findVoiceCall, type VoiceCallRow } from './voice-call-store'

export const CALL_NOT_FOUND = 'Call not found'

/**
 * A call of either kind, when the asker holds it: the same signed-in user, or the same visitor cookie for a
 * call no user has. Anyone else's call looks missing (404, never 403), like conversations
 * (server/chat/conversation-store.ts).
 */
export function ownCallOr404<Call extends { userId: string | null; visitorId: string | null }>(
  request: FastifyRequest,
  call: Call | undefined,
): Call {
  if (!call || !isOwner(call, ownerOf(request))) throw notFound(CALL_NOT_FOUND)
  return call
}

/** The voice call, when the asker holds it. */
export async function requireOwnCall(db: Db, request: FastifyRequest, callId: string): Promise<VoiceCallRow> {
  return ownCallOr404(request, await findVoiceCall(db, callId))
}

/** The video call, when the asker holds it. */
export async function requireOwnVideoCall(
  db: Db,
  request: FastifyRequest,
  callId: string,
): Promise<VideoCallRow> {
  return ownCallOr404(request, await findVideoCall(db, callId))
}
