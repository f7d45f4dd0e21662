import { and, eq, isNull } from 'drizzle-orm'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import type { Db } from '../../db/client'
import { type CallTranscriptLine, conversations, voiceCalls } from '../../db/schema'
import { AppError, badRequest, conflict, forbidden, notFound, unauthorized } from '../../errors'
import { endVoiceCall, findVoiceCall, MAX_CALL_SECONDS, setProviderCallId } from '../voice-call-store'
import { confirmVapiCall, type VapiCallRecord } from './vapi-api'
import { callSecret, secretMatches, VAPI_SECRET_HEADER, type VapiKeys } from './vapi-secrets'

/*
 * Vapi's server messages (spec 2 §7 'server webhook url'): only `end-of-call-report` matters. The call is the
 * one named by the assistant metadata's callId, whose secret the request must carry; since the assistant went
 * through the visitor's browser, the report is then confirmed with Vapi's API (GET /call/{id}, private key),
 * whose own start and end times give the seconds. endVoiceCall counts them once, whoever ends the call first.
 */

export const VAPI_WEBHOOK_PATH = '/api/vapi/webhook'

const WebhookBody = z.looseObject({ message: z.looseObject({ type: z.string().max(100) }) })

type Obj = Record<string, unknown>
const obj = (v: unknown): Obj | undefined =>
  typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Obj) : undefined
const text = (v: unknown): string | undefined => (typeof v === 'string' && v ? v : undefined)

/** The metadata our assistant carried (spec 2 §7), wherever this message puts it. */
export function metadataOf(message: Obj): Obj | undefined {
  const call = obj(message.call)
  return obj(obj(message.assistant)?.metadata) ?? obj(obj(call?.assistant)?.metadata) ?? obj(call?.metadata)
}

/** Seconds between Vapi's own start and end of the call, when it says both. */
function secondsBetween(startedAt: unknown, endedAt: unknown): number | undefined {
  const start = Date.parse(String(startedAt))
  const end = Date.parse(String(endedAt))
  return Number.isFinite(start) && Number.isFinite(end) && end >= start ? (end - start) / 1000 : undefined
}

/** artifact.messages as transcript lines: the visitor's and the clone's words, system prompts left out. */
export function transcriptOf(artifact: Obj | undefined): CallTranscriptLine[] | undefined {
  const messages = artifact?.messages
  if (!Array.isArray(messages)) return undefined
  return messages.flatMap((m): CallTranscriptLine[] => {
    const line = obj(m)
    const said = text(line?.message)?.trim()
    const role =
      line?.role === 'user' ? 'USER' : line?.role === 'bot' || line?.role === 'assistant' ? 'CLONE' : null
    if (!said || !role) return []
    const at = typeof line?.secondsFromStart === 'number' ? line.secondsFromStart : undefined
    return [{ role, text: said, ...(at !== undefined ? { at } : {}) }]
  })
}

export const vapiWebhookRoutes: FastifyPluginAsyncZod<{
  db: Db
  keys: VapiKeys | null
  fetcher?: typeof fetch
}> = async (app, { db, keys, fetcher = fetch }) => {
  app.post(
    VAPI_WEBHOOK_PATH,
    // The report repeats the whole call (messages, costs, the assistant).
    { bodyLimit: 8 * 1024 * 1024, schema: { body: WebhookBody } },
    async (request) => {
      if (!keys) throw notFound('Vapi is not configured')
      const message = request.body.message as Obj
      const metadata = metadataOf(message)
      const binding = {
        callId: text(metadata?.callId) ?? '',
        conversationId: text(metadata?.conversationId) ?? '',
        cloneSlug: text(metadata?.cloneSlug) ?? '',
      }
      const given = request.headers[VAPI_SECRET_HEADER]
      if (
        !binding.callId ||
        !secretMatches(typeof given === 'string' ? given : undefined, callSecret(keys.webhookSecret, binding))
      )
        throw unauthorized('This request does not carry the secret of its call.')
      if (message.type !== 'end-of-call-report') return { received: true }

      const call = z.uuid().safeParse(binding.callId).success
        ? await findVoiceCall(db, binding.callId)
        : undefined
      if (!call || call.conversationId !== binding.conversationId) throw notFound('No such call')
      const vapiCallId = text(obj(message.call)?.id)
      if (!vapiCallId) throw badRequest('The report names no Vapi call')
      let confirmed: VapiCallRecord
      try {
        confirmed = await confirmVapiCall(keys, vapiCallId, fetcher)
      } catch (error) {
        request.log.error({ err: error }, 'could not confirm a Vapi call')
        throw new AppError(502, 'internal', 'Vapi could not confirm the call')
      }
      if (text(metadataOf(confirmed)?.callId) !== call.id)
        throw forbidden('Vapi does not know this call as ours')

      // Only a confirmed Vapi call may claim ours: a forged report cannot block the real one.
      if (!(await setProviderCallId(db, call.id, vapiCallId)))
        throw conflict('The call is held by another Vapi call')
      // Everything kept comes from Vapi's own record, never from the report's body (issue #27: the body may
      // come through the visitor's browser, and a recording or transcript from it would be the visitor's):
      // its times, and its artifact's recording and messages. Without times the server measures the call.
      const artifact = obj(confirmed.artifact)
      const recordingUrl = text(artifact?.recordingUrl) ?? null
      const transcript = transcriptOf(artifact) ?? null
      const seconds = secondsBetween(confirmed.startedAt, confirmed.endedAt)
      const endedAt = new Date(text(confirmed.endedAt) ?? Date.now())
      const ended = await endVoiceCall(db, call.id, {
        endedAt: Number.isNaN(endedAt.getTime()) ? new Date() : endedAt,
        reason: 'provider-ended',
        durationSeconds: seconds === undefined ? undefined : Math.min(MAX_CALL_SECONDS, seconds),
        recordingUrl,
        transcript,
      })
      // The browser ended it first (counted then): the recording and transcript still belong to the call.
      if (!ended.charged) await keepArtifacts(db, call.id, call.conversationId, recordingUrl, transcript)
      return { received: true, charged: ended.charged, durationSeconds: ended.durationSeconds }
    },
  )
}

async function keepArtifacts(
  db: Db,
  callId: string,
  conversationId: string,
  recordingUrl: string | null,
  transcript: CallTranscriptLine[] | null,
) {
  if (transcript)
    await db
      .update(voiceCalls)
      .set({ transcript })
      .where(and(eq(voiceCalls.id, callId), isNull(voiceCalls.transcript)))
  if (!recordingUrl) return
  await db
    .update(voiceCalls)
    .set({ recordingUrl })
    .where(and(eq(voiceCalls.id, callId), isNull(voiceCalls.recordingUrl)))
  await db
    .update(conversations)
    .set({ recordingUrl })
    .where(and(eq(conversations.id, conversationId), isNull(conversations.recordingUrl)))
}
