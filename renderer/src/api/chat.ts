import { queryOptions } from '@tanstack/react-query'
import { ConversationAnnouncements } from '../../../contract/announcements'
import { BotCheckErrorCode } from '../../../contract/bot-check'
import {
  ConversationWithMessages,
  MessageSources,
  type OutboundMessage,
  type StoreMessagesRequest,
  StoreMessagesResponse,
  TitleResponse,
} from '../../../contract/chat'
import { ApiErrorBody } from '../../../contract/errors'
import { base64FromUtf8 } from '../lib/base64'
import { getPlatform } from '../platform'
import { forgetBotToken, takeBotToken } from './bot-check'
import { ApiError, apiRequest, authRequestInit, ClientErrorCode, resolveApiUrl } from './client'

/** The chat's calls (spec 1 §7): stream, conversation, store, title, sources, and the links it builds. */

const TALK = '/api/clone/talk'

/** spec 1 §7 cache keys: 'conversation' by id (and 'conversations' for the history list). */
export const conversationQueryKey = (conversationId: string) => ['conversation', conversationId] as const
export const conversationsQueryKey = ['conversations'] as const
export const messageSourcesQueryKey = (messageId: string) => ['message-sources', messageId] as const

export const fetchConversation = (conversationId: string, signal?: AbortSignal) =>
  apiRequest({
    path: `${TALK}/conversations/${encodeURIComponent(conversationId)}`,
    schema: ConversationWithMessages,
    signal,
  })

/**
 * An existing conversation with its messages: GET /api/clone/talk/conversations/:id. No structural sharing:
 * the thread takes the answer once, and comparing a thousand messages with the last answer, field by field,
 * would only cost the main thread.
 */
export const conversationQuery = (conversationId: string) =>
  queryOptions({
    queryKey: conversationQueryKey(conversationId),
    queryFn: ({ signal }) => fetchConversation(conversationId, signal),
    structuralSharing: false,
  })

/** spec 1 §7-style key for an open chat's announcement poll (issue #15). */
export const conversationAnnouncementsQueryKey = (conversationId: string) =>
  ['conversation-announcements', conversationId] as const

/**
 * The conversation's creator announcements (sender OWNER), oldest first; with `after`, only newer ones:
 * GET /api/clone/talk/conversations/:id/announcements[?after=iso]. Small and cheap, so an open chat polls it.
 */
export const fetchConversationAnnouncements = (
  conversationId: string,
  after: string | null,
  signal?: AbortSignal,
) =>
  apiRequest({
    path: `${TALK}/conversations/${encodeURIComponent(conversationId)}/announcements${after ? `?after=${encodeURIComponent(after)}` : ''}`,
    schema: ConversationAnnouncements,
    signal,
  })

export const fetchMessageSources = (messageId: string, slug?: string, signal?: AbortSignal) =>
  apiRequest({
    path: `${TALK}/messages/${encodeURIComponent(messageId)}/sources${slug ? `?slug=${encodeURIComponent(slug)}` : ''}`,
    schema: MessageSources,
    signal,
  })

/**
 * A message's whole citations (with their text): GET /api/clone/talk/messages/:id/sources[?slug=]. A
 * conversation's messages carry only citation summaries (contract MessageCitation): the Sources overlay and a
 * citation's preview load these when they open. A message's sources never change, so they are kept.
 */
export const messageSourcesQuery = (messageId: string, slug?: string) =>
  queryOptions({
    queryKey: messageSourcesQueryKey(messageId),
    queryFn: ({ signal }) => fetchMessageSources(messageId, slug, signal),
    staleTime: Number.POSITIVE_INFINITY,
  })

/** spec 1 §4: after the visitor stops a reply, store their message and the partial answer. */
export const storeMessages = (request: StoreMessagesRequest, signal?: AbortSignal) =>
  apiRequest({
    path: `${TALK}/messages/store`,
    method: 'POST',
    body: request,
    schema: StoreMessagesResponse,
    signal,
  })

/** A title for a conversation from its first message: POST /api/clone/talk/conversation/title. */
export const requestConversationTitle = async (message: string, signal?: AbortSignal) =>
  (
    await apiRequest({
      path: `${TALK}/conversation/title`,
      method: 'POST',
      body: { message },
      schema: TitleResponse,
      signal,
    })
  ).title

/** Reason phrases for answers that carry none (HTTP/2 has no status text). */
const REASON_PHRASES: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  402: 'Payment Required',
  403: 'Forbidden',
  404: 'Not Found',
  409: 'Conflict',
  413: 'Payload Too Large',
  422: 'Unprocessable Entity',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  502: 'Bad Gateway',
  503: 'Service Unavailable',
  504: 'Gateway Timeout',
}

export const statusTextOf = (response: Pick<Response, 'status' | 'statusText'>) =>
  response.statusText || REASON_PHRASES[response.status] || 'Error'

export type ChatStreamAnswer =
  | { ok: true; body: ReadableStream<Uint8Array> | null }
  | { ok: false; status: number; statusText: string; code: string | null; message: string | null }

/**
 * Opens the chat stream: POST /api/clone/talk/messages/stream. A non-OK answer is returned, not thrown
 * (spec 1 §8: 402 is usage enforcement, anything else restores the draft). Network failures throw ApiError.
 * The message carries the bot-protection token (api/bot-check.ts; none needed when signed in); refused for
 * it (a stale token, a visitor signed out meanwhile), it is sent once more with a new one.
 */
export async function openChatStream(
  message: OutboundMessage,
  signal: AbortSignal,
  doFetch: typeof fetch = globalThis.fetch,
): Promise<ChatStreamAnswer> {
  const withToken = async () => ({ ...message, botToken: message.botToken ?? (await takeBotToken()) })
  const first = await postChatStream(await withToken(), signal, doFetch)
  if (first.ok || first.code !== BotCheckErrorCode.botCheckFailed || message.botToken) return first
  forgetBotToken()
  return postChatStream(await withToken(), signal, doFetch)
}

async function postChatStream(
  message: OutboundMessage,
  signal: AbortSignal,
  doFetch: typeof fetch,
): Promise<ChatStreamAnswer> {
  let response: Response
  try {
    // The platform decides how we authenticate: the session cookie on the web, a bearer token on desktop.
    const auth = await authRequestInit()
    response = await doFetch(resolveApiUrl(`${TALK}/messages/stream`, getPlatform().apiBaseUrl), {
      method: 'POST',
      credentials: auth.credentials,
      headers: { ...auth.headers, Accept: 'text/event-stream', 'Content-Type': 'application/json' },
      body: JSON.stringify(message),
      signal,
    })
  } catch (cause) {
    if (signal.aborted) throw cause
    throw new ApiError(0, ClientErrorCode.network, 'Could not reach the server. Check your connection.', {
      cause,
    })
  }
  if (response.ok) return { ok: true, body: response.body }
  let code: string | null = null
  let detail: string | null = null
  try {
    const parsed = ApiErrorBody.safeParse(await response.json())
    if (parsed.success) {
      code = parsed.data.error.code
      detail = parsed.data.error.message
    }
  } catch {
    // No JSON body: the status alone tells what happened.
  }
  return { ok: false, status: response.status, statusText: statusTextOf(response), code, message: detail }
}

/** spec 1 §2: the affiliate product click-through; the direct URL when the message came from the studio. */
export function affiliateProductHref(messageId: string, url: string, fromStudio = false): string {
  if (fromStudio) return url
  return resolveApiUrl(
    `/api/affiliate/product/${encodeURIComponent(messageId)}?to=${encodeURIComponent(base64FromUtf8(url))}`,
  )
}

/** spec 1 §7 'Link preview': GET /api/og?url= answers an image. */
export const linkPreviewImageUrl = (url: string) => resolveApiUrl(`/api/og?url=${encodeURIComponent(url)}`)
