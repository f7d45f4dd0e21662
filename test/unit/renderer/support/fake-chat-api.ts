import type { ChatMessage, ConversationWithMessages } from '../../../../contract/chat'
import type { CloneProfile } from '../../../../contract/clone'
import { CONVERSATION_ID, citation, dataLine, message } from './chat'
import { fakeCloneApi } from './fake-api'

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } })

export interface StreamCall {
  text: string
  conversationId: string | null
}

/** What streamResponse sees of a stream call: the call, and the client message id it carried. */
export interface StreamRequest extends StreamCall {
  clientMessageId: string | null
  /** 0 for the first stream call, then 1, 2... */
  index: number
}

/** The default answer: three tokens, then a final message citing two sources and a product. */
export const defaultReply = (question: string): ChatMessage =>
  message({
    text: 'Have your last coffee **8 hours** before bed [1]. Morning light helps too [2].',
    citations: [
      citation({ index: 1, id: 'c1', documentId: 'd1' }),
      citation({
        index: 2,
        id: 'c2',
        documentId: 'd2',
        type: 'Youtube',
        title: 'My Morning Light Routine',
        url: 'https://www.youtube.com/watch?v=MornLight10',
        timestamp: 64_000,
        text: `Get outside within an hour of waking (asked: ${question}).`,
      }),
      citation({
        index: 3,
        id: 'c3',
        documentId: 'd3',
        title: 'Teen Sleep',
        text: 'Teens need 8 to 10 hours.',
      }),
    ],
    messageAffiliates: [
      {
        url: 'https://shop.example.com/topper',
        title: 'CoolCore Breathable Mattress Topper',
        imageUrl: null,
      },
    ],
  })

/**
 * The clone endpoints plus the chat's: the stream answers with `reply(question)` as SSE (or whatever
 * `streamResponse` returns), conversations are kept, and every stream call is recorded.
 */
export function fakeChatApi(
  clones: CloneProfile[],
  options: {
    reply?: (question: string) => ChatMessage
    streamResponse?: (call: StreamRequest) => Response | null
    conversations?: ConversationWithMessages[]
  } = {},
) {
  const clonesApi = fakeCloneApi(clones)
  const streamCalls: StreamCall[] = []
  /** The conversations read (GET conversation) and the messages whose sources were asked for, in order. */
  const conversationReads: string[] = []
  const sourcesReads: string[] = []
  const conversations = new Map((options.conversations ?? []).map((c) => [c.id, c]))
  const reply = options.reply ?? defaultReply

  const fetch = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const url = new URL(String(input), 'http://localhost')
    const body = init?.body ? JSON.parse(String(init.body)) : undefined
    if (url.pathname === '/api/clone/talk/messages/stream') {
      const call = {
        text: body.text as string,
        conversationId: (body.conversationId as string | null) ?? null,
      }
      streamCalls.push(call)
      const custom = options.streamResponse?.({
        ...call,
        clientMessageId: (body.clientMessageId as string | null) ?? null,
        index: streamCalls.length - 1,
      })
      if (custom) return custom
      const final = reply(call.text)
      const tokens = final.text.match(/\S+\s*/g) ?? []
      const text = [...tokens.map((t) => dataLine({ current_token: t })), dataLine({ message: final })].join(
        '',
      )
      return new Response(text, { status: 200, headers: { 'Content-Type': 'text/event-stream' } })
    }
    const conversation = url.pathname.match(/^\/api\/clone\/talk\/conversations\/([^/]+)$/)
    if (conversation) {
      conversationReads.push(decodeURIComponent(conversation[1] ?? ''))
      const found = conversations.get(decodeURIComponent(conversation[1] ?? ''))
      return found
        ? json(200, found)
        : json(404, { error: { code: 'not_found', message: 'No conversation' } })
    }
    if (url.pathname === '/api/clone/talk/conversation/title') return json(200, { title: 'Coffee and sleep' })
    if (url.pathname === '/api/clone/talk/messages/store') {
      return json(200, {
        conversationId: CONVERSATION_ID,
        messages: [
          message({ sender: 'USER', text: body.userText }),
          ...(body.cloneText ? [message({ text: body.cloneText })] : []),
        ],
      })
    }
    const sources = url.pathname.match(/^\/api\/clone\/talk\/messages\/([^/]+)\/sources$/)
    if (sources) {
      sourcesReads.push(decodeURIComponent(sources[1] ?? ''))
      return json(200, { citations: defaultReply('').citations })
    }
    return clonesApi.fetch(input)
  }
  return { fetch, streamCalls, conversationReads, sourcesReads, requests: clonesApi.requests }
}
