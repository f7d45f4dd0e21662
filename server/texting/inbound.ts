import { createHash } from 'node:crypto'
import { eq } from 'drizzle-orm'
import type { FastifyBaseLogger } from 'fastify'
import { UNLIMITED_QUOTA } from '../../contract'
import { allowanceOf, QuotaExceededError, subjectOf } from '../billing/usage'
import { citeAnswer, withoutMarkers } from '../brain/citations'
import type { BrainSetup } from '../brain/create-brain'
import { HISTORY_TURNS_SENT } from '../brain/prompt'
import { beginAnswer, completeAnswer, interruptAnswer } from '../chat/answer-store'
import { QuestionAlreadyStored, recentTurns } from '../chat/conversation-store'
import type { Db } from '../db/client'
import { users } from '../db/schema'
import { fitText, MEDIUM_OF } from './channels'
import { createTextConversation, latestTextConversation } from './greeting'
import { latestOptedInClone } from './opt-ins'
import { textingTextsIn, visitorTextLanguage } from './texting.strings'
import type { TextChannel, Texts } from './texts'

/*
 * An incoming text from a known user (issue #14 'answered by the clone brain in the same conversation'):
 * it goes into their latest conversation of that medium with the clone they opted in to most recently, is
 * answered as the chat stream answers (same retrieval and answerer, server/chat/answer-store.ts), counted
 * against the same monthly message quota, and the answer is texted back.
 */

export interface InboundDeps {
  db: Db
  setup: BrainSetup
  texts: Texts
  log: FastifyBaseLogger
}

export interface IncomingText {
  channel: TextChannel
  /** Where the answer goes: the sender's E.164 number, or the Telegram chat id. */
  replyTo: string
  userId: string
  text: string
  /** The provider's id of the message (MessageSid, chat and message id): a redelivery is answered once. */
  providerMessageId: string
}

export type InboundOutcome = 'answered' | 'no-opt-in' | 'duplicate' | 'out-of-quota' | 'failed'

/** The question's client id, the same for every delivery of one provider message. */
function questionId(channel: TextChannel, providerMessageId: string): string {
  const h = createHash('sha256').update(`text:${channel}:${providerMessageId}`).digest('hex')
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-a${h.slice(17, 20)}-${h.slice(20, 32)}`
}

export async function answerIncomingText(deps: InboundDeps, incoming: IncomingText): Promise<InboundOutcome> {
  const { db, setup, texts, log } = deps
  const medium = MEDIUM_OF[incoming.channel]
  // A text that cannot go out is logged, not thrown: the exchange is stored, and the provider's callback
  // must not fail (Twilio and Telegram would only report or redeliver it).
  const reply = (text: string) =>
    texts
      .send({ channel: incoming.channel, to: incoming.replyTo, text: fitText(incoming.channel, text) })
      .catch((error: unknown) => log.error({ err: error, channel: incoming.channel }, 'reply text failed'))
  const clone = await latestOptedInClone(db, incoming.userId, medium)
  if (!clone) return 'no-opt-in'
  // What the clone writes of its own (out of quota, the fallback) is in the sender's language.
  const [sender] = await db
    .select({ language: users.language })
    .from(users)
    .where(eq(users.id, incoming.userId))
    .limit(1)
  const own = textingTextsIn(visitorTextLanguage(sender?.language, clone.language))

  const owner = { userId: incoming.userId, visitorId: null }
  const allowance = await allowanceOf(db, clone, owner, null)
  if (allowance.messageLimit !== UNLIMITED_QUOTA && allowance.used.messages >= allowance.messageLimit) {
    await reply(own.outOfQuota(clone.name))
    return 'out-of-quota'
  }

  const conversation =
    (await latestTextConversation(db, incoming.userId, clone.id, medium)) ??
    (await createTextConversation(db, incoming.userId, clone.id, medium))
  const history = await recentTurns(db, conversation.id, HISTORY_TURNS_SENT)
  // The texter's account language when they chose one; else a model answers in the language they write in.
  const prepared = await setup.brain.prepare(clone, incoming.text, history, {
    visitorLanguage: sender?.language ?? null,
  })
  let begun: Awaited<ReturnType<typeof beginAnswer>>
  try {
    begun = await beginAnswer(db, {
      cloneId: clone.id,
      instanceId: conversation.instanceId,
      conversationId: conversation.id,
      visitorId: conversation.visitorId ?? `text:${incoming.channel}`,
      userId: incoming.userId,
      question: {
        text: incoming.text,
        files: [],
        locationId: null,
        createdAt: new Date(),
        clientMessageId: questionId(incoming.channel, incoming.providerMessageId),
      },
      attachedUploadIds: [],
    })
  } catch (error) {
    // The provider delivered this message again (a retry): it is being, or was, answered already.
    if (error instanceof QuestionAlreadyStored) return 'duplicate'
    throw error
  }

  let text = ''
  try {
    for await (const token of prepared.answerer.answer(prepared.input, new AbortController().signal))
      text += token
    if (!text.trim()) throw new Error('The answerer produced no text')
    const { citations, affiliates } = citeAnswer(text, prepared.input.sources)
    await completeAnswer(db, {
      answerId: begun.answerId,
      cloneId: clone.id,
      conversationId: begun.conversationId,
      questionAt: begun.questionAt,
      reply: { text, citations, affiliates },
      charge: {
        subject: subjectOf(owner)!,
        periodStart: allowance.periodStart,
        scope: allowance.scope,
        limit: allowance.messageLimit,
      },
    })
  } catch (error) {
    const outOfQuota = error instanceof QuotaExceededError
    // Not delivered, so not kept as an answer (and, out of quota, not counted either).
    await interruptAnswer(db, begun.answerId, outOfQuota ? '' : text).catch(() => {})
    if (!outOfQuota) log.error({ err: error }, 'text answer failed')
    await reply(outOfQuota ? own.outOfQuota(clone.name) : own.answerFailed)
    return outOfQuota ? 'out-of-quota' : 'failed'
  }
  // A text shows no citation labels: the [n] markers go (the stored answer keeps them and its sources).
  await reply(withoutMarkers(text))
  return 'answered'
}
