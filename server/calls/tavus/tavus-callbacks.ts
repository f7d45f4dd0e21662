import { createHmac } from 'node:crypto'
import { z } from 'zod'

/*
 * Tavus's conversation callbacks (https://docs.tavus.io/sections/webhooks-and-callbacks): with a
 * `callback_url` on POST /v2/conversations, Tavus posts `system.replica_joined` when the replica is ready and
 * `system.shutdown` when the room closes (the hour, the visitor gone, the end endpoint, an error). They are
 * the server's own events for a Tavus call's time (issue #26): the charge runs from the replica joining to the
 * end, whatever the browser reports.
 *
 * Tavus signs nothing, so each call's callback address carries its own secret: an HMAC of the call's id under
 * a key derived from the Tavus API key. Only Tavus (and the server) know it; the browser never sees it.
 */

export const TavusCallback = z.object({
  event_type: z.string().check(z.maxLength(100)),
  message_type: z.optional(z.string().check(z.maxLength(100))),
  conversation_id: z.string().check(z.maxLength(200)),
  timestamp: z.optional(z.string().check(z.maxLength(100))),
  properties: z.optional(z.record(z.string(), z.unknown())),
})
export type TavusCallback = z.infer<typeof TavusCallback>

export const TAVUS_REPLICA_JOINED = 'system.replica_joined'
export const TAVUS_SHUTDOWN = 'system.shutdown'

/** The secret in a call's callback address. */
export function tavusCallbackToken(apiKey: string, callId: string): string {
  const key = createHmac('sha256', apiKey).update('likeness:tavus:callback').digest()
  return createHmac('sha256', key).update(callId).digest('base64url')
}

/** The address Tavus posts a call's events to. */
export function tavusCallbackUrl(publicUrl: string, apiKey: string, callId: string): string {
  const base = publicUrl.replace(/\/+$/, '')
  return `${base}/api/calls/video/${callId}/tavus/${tavusCallbackToken(apiKey, callId)}`
}
