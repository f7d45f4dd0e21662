import { and, gte, isNotNull, lte } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import type { Db } from '../../db/client'
import { videoCalls } from '../../db/schema'
import { runPeriodically } from '../../periodic'
import type { VideoCallProvider } from '../video-provider'
import { hasTavusTranscript, storeTavusTranscript } from './tavus-transcript'

/*
 * The way to Tavus's transcript when its callback does not come (no PUBLIC_URL, so no callback address; or a
 * callback lost on the way): an ended Tavus call without its transcript asks GET
 * /v2/conversations/{id}?verbose=true, from a little after the end for half an hour, at most once a minute.
 */

/** How often ended calls are looked at. */
export const TAVUS_TRANSCRIPT_PULL_EVERY_MS = 30_000
/** Tavus transcribes after the room shuts: the first ask waits this long after the end. */
export const TAVUS_TRANSCRIPT_AFTER_MS = 20_000
/** How long after the end Tavus is asked (a call whose transcript never comes stays as it is). */
export const TAVUS_TRANSCRIPT_WINDOW_MS = 30 * 60_000
/** The least time between two asks for one call. */
export const TAVUS_TRANSCRIPT_RETRY_MS = 60_000

/**
 * Asks Tavus for the transcript of each recently ended call that has none, and stores it (as the callback
 * would). `asked` holds when each call was last asked; a failed ask is reported and the others go on.
 * Answers how many transcripts were stored.
 */
export async function pullTavusTranscripts(
  db: Db,
  provider: VideoCallProvider,
  now: Date,
  asked: Map<string, number>,
  onError: (error: unknown, callId: string) => void = () => {},
): Promise<number> {
  if (!provider.transcript) return 0
  const at = now.getTime()
  for (const [id, when] of asked) if (at - when > TAVUS_TRANSCRIPT_WINDOW_MS) asked.delete(id)
  const ended = await db
    .select()
    .from(videoCalls)
    .where(
      and(
        isNotNull(videoCalls.tavusConversationId),
        gte(videoCalls.endedAt, new Date(at - TAVUS_TRANSCRIPT_WINDOW_MS)),
        lte(videoCalls.endedAt, new Date(at - TAVUS_TRANSCRIPT_AFTER_MS)),
      ),
    )
  let stored = 0
  for (const call of ended) {
    const last = asked.get(call.id)
    if (last !== undefined && at - last < TAVUS_TRANSCRIPT_RETRY_MS) continue
    if (await hasTavusTranscript(db, call.id)) continue
    asked.set(call.id, at)
    try {
      const transcript = await provider.transcript({ conversationId: call.tavusConversationId! })
      if (transcript && (await storeTavusTranscript(db, call, transcript)) > 0) stored += 1
    } catch (error) {
      onError(error, call.id)
    }
  }
  return stored
}

/** The periodic ask (server/app.ts), with the Tavus provider only. */
export function startTavusTranscriptPull(
  app: FastifyInstance,
  db: Db,
  provider: VideoCallProvider,
  now: () => Date = () => new Date(),
): void {
  if (!provider.transcript) return
  const asked = new Map<string, number>()
  runPeriodically(app, 'Tavus transcript pull', TAVUS_TRANSCRIPT_PULL_EVERY_MS, async () => {
    try {
      const stored = await pullTavusTranscripts(db, provider, now(), asked, (err, callId) =>
        app.log.warn({ err, callId }, 'fetching a Tavus transcript failed'),
      )
      if (stored > 0) app.log.info({ stored }, 'Tavus transcripts fetched')
    } catch (err) {
      app.log.warn({ err }, 'fetching Tavus transcripts failed')
    }
  })
}
