import { expect } from 'vitest'
import { type ChatMessage, type OutboundMessage, StreamEvent } from '../../contract'
import type { App } from '../../server/app'
import { VISITOR_COOKIE } from '../../server/auth/visitor'

/** The events of a chat stream body: each `data: {json}` line parsed with the contract; comments skipped. */
export function parseStreamEvents(body: string): StreamEvent[] {
  return body
    .split('\n\n')
    .filter((block) => block.startsWith('data: '))
    .map((block) => StreamEvent.parse(JSON.parse(block.slice('data: '.length))))
}

export interface StreamResult {
  status: number
  headers: Record<string, unknown>
  events: StreamEvent[]
  tokens: string[]
  message: ChatMessage
  userMessage: ChatMessage | undefined
  /** The visitor cookie the answer set, or the one sent. */
  visitor: string | undefined
}

/** Sends one chat message through the stream endpoint (inject gives the whole body) and reads it. */
export async function sendChatMessage(
  app: App,
  payload: Partial<OutboundMessage> & { text: string },
  visitor?: string,
): Promise<StreamResult> {
  const res = await app.inject({
    method: 'POST',
    url: '/api/clone/talk/messages/stream',
    payload: { slug: 'lena-hart', ...payload },
    headers: visitor ? { cookie: `${VISITOR_COOKIE}=${visitor}` } : {},
  })
  expect(res.statusCode, res.body).toBe(200)
  const events = parseStreamEvents(res.body)
  const tokens = events.flatMap((e) => ('current_token' in e ? [e.current_token] : []))
  const final = events.at(-1)
  if (!final || !('message' in final))
    throw new Error(`the stream did not end with a message: ${res.body.slice(-500)}`)
  const cookie = res.cookies.find((c) => c.name === VISITOR_COOKIE)
  return {
    status: res.statusCode,
    headers: res.headers,
    events,
    tokens,
    message: final.message,
    userMessage: final.userMessage,
    visitor: cookie?.value ?? visitor,
  }
}

/** The numbers of the [n] markers in a text, in order of first use. */
export function markerNumbers(text: string): number[] {
  const seen: number[] = []
  for (const m of text.matchAll(/\[(\d{1,2})\]/g)) if (!seen.includes(Number(m[1]))) seen.push(Number(m[1]))
  return seen
}
