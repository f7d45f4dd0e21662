import { createHash } from 'node:crypto'
import { and, eq, inArray, isNull, sql } from 'drizzle-orm'
import { z } from 'zod'
import type { Db } from '../../db/client'
import { conversations, messages, videoCalls } from '../../db/schema'
import type { VideoCallRow } from '../video-call-store'

/*
 * A Tavus call's transcript is Tavus's own record (issue #27), never the browser's: after the room shuts,
 * Tavus posts `application.transcription_ready` to the call's callback address
 * (https://docs.tavus.io/sections/webhooks-and-callbacks), whose `properties.transcript` is the whole
 * conversation as chat messages, `{ role: 'system' | 'user' | 'assistant', content }`; GET
 * /v2/conversations/{id}?verbose=true answers the same event among its `events`. The 'system' entries are
 * the persona's prompt and context, never shown; 'assistant' is the replica (the clone), 'user' the visitor.
 */

export const TAVUS_TRANSCRIPTION_READY = 'application.transcription_ready'

/** The most entries a transcript may hold (an hour of conversation is a few hundred). */
export const TAVUS_TRANSCRIPT_MAX_ENTRIES = 5000

export const TavusTranscript = z
  .array(
    z.object({
      role: z.string().check(z.maxLength(50)),
      content: z.string().check(z.maxLength(100_000)),
    }),
  )
  .check(z.maxLength(TAVUS_TRANSCRIPT_MAX_ENTRIES))
export type TavusTranscript = z.infer<typeof TavusTranscript>

export interface TavusTranscriptLine {
  sender: 'USER' | 'CLONE'
  text: string
}

/** What was said, in order: the visitor's and the replica's lines, without the prompt or empty turns. */
export function transcriptLines(transcript: TavusTranscript): TavusTranscriptLine[] {
  const lines: TavusTranscriptLine[] = []
  for (const entry of transcript) {
    const sender = entry.role === 'assistant' ? 'CLONE' : entry.role === 'user' ? 'USER' : null
    const text = entry.content.trim()
    if (sender && text) lines.push({ sender, text })
  }
  return lines
}

/**
 * The transcript in a verbose GET /v2/conversations/{id} answer: its `application.transcription_ready`
 * event's, or a top-level `transcript` (as the third-party OpenAPI of the fixtures lists it). Null while
 * Tavus has none.
 */
export function transcriptOfConversation(body: unknown): TavusTranscript | null {
  const record = (v: unknown) => (v && typeof v === 'object' ? (v as Record<string, unknown>) : {})
  const events = Array.isArray(record(body).events) ? (record(body).events as unknown[]) : []
  const event = events.map(record).find((e) => e.event_type === TAVUS_TRANSCRIPTION_READY)
  const parsed = TavusTranscript.safeParse(
    event ? record(event.properties).transcript : record(body).transcript,
  )
  return parsed.success ? parsed.data : null
}

/** A Tavus line's message id: one per call and position, so a replayed transcript is stored once. */
export function tavusLineId(callId: string, index: number): string {
  const h = createHash('sha256').update(`tavus-line:${callId}:${index}`).digest('hex')
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-a${h.slice(17, 20)}-${h.slice(20, 32)}`
}

/** Whether the call's conversation holds Tavus's transcript already. */
export async function hasTavusTranscript(db: Db, callId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: messages.id })
    .from(messages)
    .where(eq(messages.clientMessageId, tavusLineId(callId, 0)))
    .limit(1)
  return Boolean(row)
}

/**
 * Stores Tavus's transcript as the call's conversation: the lines the browser posted while the call ran
 * (the visitor's own, for the live view) give way to Tavus's record, in one transaction. Tavus gives no time
 * per line, so the lines keep their order from the replica joining (else the start), a millisecond apart.
 * Once stored, a replay (or the same transcript fetched again) changes nothing: answers how many lines were
 * stored, 0 when none (a replay, or a transcript with nothing said).
 */
export function storeTavusTranscript(
  db: Db,
  call: Pick<VideoCallRow, 'id' | 'conversationId' | 'startedAt' | 'replicaJoinedAt'>,
  transcript: TavusTranscript,
): Promise<number> {
  const lines = transcriptLines(transcript)
  if (lines.length === 0) return Promise.resolve(0)
  return db.transaction(async (tx) => {
    // One at a time per call: a callback and a fetch arriving together store it once.
    await tx.select({ id: videoCalls.id }).from(videoCalls).where(eq(videoCalls.id, call.id)).for('update')
    const [already] = await tx
      .select({ id: messages.id })
      .from(messages)
      .where(eq(messages.clientMessageId, tavusLineId(call.id, 0)))
      .limit(1)
    if (already) return 0
    // Only the lines the transcript route stored (no client id, no question): a chat the visitor went on
    // with in the same conversation stays.
    await tx
      .delete(messages)
      .where(
        and(
          eq(messages.conversationId, call.conversationId),
          inArray(messages.sender, ['USER', 'CLONE']),
          isNull(messages.clientMessageId),
          isNull(messages.replyToId),
        ),
      )
    const base = (call.replicaJoinedAt ?? call.startedAt).getTime()
    const stored = await tx
      .insert(messages)
      .values(
        lines.map((line, i) => ({
          conversationId: call.conversationId,
          sender: line.sender,
          text: line.text,
          clientMessageId: tavusLineId(call.id, i),
          createdAt: new Date(base + i),
        })),
      )
      .onConflictDoNothing()
      .returning({ id: messages.id })
    const last = new Date(base + lines.length - 1)
    await tx
      .update(conversations)
      .set({ updatedAt: sql`greatest(${conversations.updatedAt}, ${last.toISOString()}::timestamptz)` })
      .where(eq(conversations.id, call.conversationId))
    return stored.length
  })
}
