import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import {
  ApiErrorBody,
  ConversationWithMessages,
  StoreMessagesRequest,
  StoreMessagesResponse,
  TitleRequest,
  TitleResponse,
} from '../../contract'
import { ensureVisitor, ownerOf } from '../auth/visitor'
import type { OpenAiCompatibleClient } from '../brain/openai-client'
import {
  type AskedQuestion,
  CLIENT_ID_TAKEN,
  findAskedQuestion,
  mayRetry,
  stopAnswer,
} from '../chat/answer-store'
import { resolveChatTarget } from '../chat/chat-target'
import {
  findOwnedConversation,
  loadConversationWithMessages,
  QuestionAlreadyStored,
  replyTime,
  storeExchange,
} from '../chat/conversation-store'
import { finishTitle, TITLE_MAX_WORDS, titleFromMessage } from '../chat/title'
import type { Db } from '../db/client'
import { conflict, notFound } from '../errors'

export interface ConversationRoutesOptions {
  db: Db
  llm: OpenAiCompatibleClient | null
  /** The public origin: attached file URLs may carry it (server/uploads/attachments.ts). */
  publicUrl: string
}

/** A title is a nicety: a slow model must not hold up the chat. */
const TITLE_MODEL_TIMEOUT_MS = 5_000

export const conversationRoutes: FastifyPluginAsyncZod<ConversationRoutesOptions> = async (
  app,
  { db, llm, publicUrl },
) => {
  const publicOrigin = new URL(publicUrl).origin
  app.get(
    '/api/clone/talk/conversations/:id',
    {
      schema: {
        params: z.object({ id: z.string().uuid() }),
        response: { 200: ConversationWithMessages, 404: ApiErrorBody },
      },
    },
    async (request) => {
      const conversation = await findOwnedConversation(db, request.params.id, ownerOf(request))
      if (!conversation) throw notFound('Conversation not found')
      return loadConversationWithMessages(db, conversation)
    },
  )

  // spec 1 §4 'Aborting stores any partial reply as a clone message' (storeMessageInConversation).
  app.post(
    '/api/clone/talk/messages/store',
    {
      schema: {
        body: StoreMessagesRequest,
        response: { 200: StoreMessagesResponse, 404: ApiErrorBody, 409: ApiErrorBody },
      },
    },
    async (request, reply) => {
      const body = request.body
      const receivedAt = new Date()
      // Checked as in the stream: clone, instance and conversation (404), the visitor's files (400 'Invalid file').
      const { clone, instanceId, conversationId, owner, attached, medium } = await resolveChatTarget(
        db,
        request,
        { ...body, files: body.userFiles },
        publicOrigin,
      )
      const visitorId = ensureVisitor(request, reply)
      // The chat stream stored the question already (issue #11): the partial reply goes with that copy.
      const stopped = async (asked: AskedQuestion) => {
        if (!mayRetry(asked, owner, clone.id)) throw conflict(CLIENT_ID_TAKEN)
        const messages = await stopAnswer(db, asked, body.cloneText)
        return { conversationId: asked.question.conversationId, messages }
      }
      const asked = body.clientMessageId ? await findAskedQuestion(db, body.clientMessageId) : undefined
      if (asked) return stopped(asked)
      try {
        const stored = await storeExchange(db, {
          cloneId: clone.id,
          instanceId,
          conversationId,
          medium,
          visitorId,
          userId: owner.userId,
          question: {
            text: body.userText,
            files: body.userFiles,
            locationId: null,
            createdAt: receivedAt,
            clientMessageId: body.clientMessageId,
          },
          attachedUploadIds: attached.map((upload) => upload.id),
          // The stream never had this question, so the clone said nothing to it: a reply sent along is the
          // client's own text, never stored as the clone's (issue #27: it could then be shared as its words).
          reply: null,
        })
        return {
          conversationId: stored.conversationId,
          messages: stored.cloneMessage ? [stored.userMessage, stored.cloneMessage] : [stored.userMessage],
        }
      } catch (error) {
        // The chat stream stored it meanwhile.
        const storedMeanwhile =
          error instanceof QuestionAlreadyStored && body.clientMessageId
            ? await findAskedQuestion(db, body.clientMessageId)
            : undefined
        if (!storedMeanwhile) throw error
        return stopped(storedMeanwhile)
      }
    },
  )

  app.post(
    '/api/clone/talk/conversation/title',
    { schema: { body: TitleRequest, response: { 200: TitleResponse } } },
    async (request) => {
      const message = request.body.message
      if (llm) {
        try {
          const suggestion = await llm.complete(
            [
              {
                role: 'system',
                content: `Write a short title (at most ${TITLE_MAX_WORDS - 2} words, sentence case, no quotes, no trailing punctuation) for a chat that starts with the user's message. Answer with the title only.`,
              },
              { role: 'user', content: message.slice(0, 2_000) },
            ],
            AbortSignal.timeout(TITLE_MODEL_TIMEOUT_MS),
          )
          const title = finishTitle(suggestion)
          if (suggestion.trim()) return { title }
        } catch (error) {
          request.log.warn({ err: error }, 'title from the language model failed; using the heuristic')
        }
      }
      return { title: titleFromMessage(message) }
    },
  )
}
