import type { FastifyRequest } from 'fastify'
import { ownerOf } from '../auth/visitor'
import { isOwner } from '../chat/conversation-store'
import type { Db } from '../db/client'
import { notFound } from '../errors'
import { findVoiceCall, type VoiceCallRow } from './voice-call-store'

export const CALL_NOT_FOUND = 'Call not found'

/**
 * The call, when the asker holds it: the same signed-in user, or the same visitor cookie for a call no user
 * has. Anyone else's call looks missing (404, never 403), like conversations (server/chat/conversation-store.ts).
 */
export async function requireOwnCall(db: Db, request: FastifyRequest, callId: string): Promise<VoiceCallRow> {
  const call = await findVoiceCall(db, callId)
  if (!call || !isOwner(call, ownerOf(request))) throw notFound(CALL_NOT_FOUND)
  return call
}
