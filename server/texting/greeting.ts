import { and, desc, eq } from 'drizzle-orm'
import { DEFAULT_CONVERSATION_TITLE } from '../../contract'
import type { GreetRequest, GreetResponse, TextMedium } from '../../contract/embed'
import { readPhoneNumber } from '../../contract/phone'
import type { UserRow } from '../auth/sessions'
import type { ConversationRow } from '../chat/message-view'
import type { CloneRow } from '../clones/queries'
import type { Db, Tx } from '../db/client'
import { conversations, messages, users } from '../db/schema'
import { AppError, badRequest } from '../errors'
import { CHANNEL_OF, CONVERSATION_MEDIUM_OF } from './channels'
import { ensureLead, setOptIn } from './opt-ins'
import { telegramLink } from './telegram'
import { boundChatOf, createTelegramStart } from './telegram-chats'
import { type TextingTexts, textingTextsIn, visitorTextLanguage } from './texting.strings'
import type { Texts } from './texts'

/*
 * greetUser (spec 1 §4 'Text opt-in', §7): the clone's first text. The opt-in is recorded with its medium,
 * the user becomes a lead, and a conversation of that medium opens with the greeting as its first message.
 */

export interface GreetDeps {
  db: Db
  texts: Texts
  /** The bot's username for t.me links (TELEGRAM_BOT_USERNAME). */
  telegramBot: string | undefined
}

const ENABLED: Record<TextMedium, (clone: CloneRow) => boolean> = {
  SMS: (clone) => clone.phoneSmsEnabled,
  WHATSAPP: (clone) => clone.phoneWhatsAppEnabled,
  TELEGRAM: (clone) => clone.telegramEnabled,
}

const withoutAt = (username: string) => username.trim().replace(/^@/, '')

/** The user's verified number, which the request's number must be (typed in any form the country reads). */
function verifiedNumber(user: UserRow, typed: string | null | undefined, errors: TextingTexts): string {
  if (!user.phoneNumber) throw badRequest(errors.phoneNotVerified)
  if (!typed) return user.phoneNumber
  const own = readPhoneNumber(user.phoneNumber, null)
  const reading = readPhoneNumber(typed, own.ok ? own.country : null)
  if (!reading.ok || reading.e164 !== user.phoneNumber) throw badRequest(errors.phoneNotVerified)
  return user.phoneNumber
}

/**
 * `language` is the request's (requestLanguage): its errors are answered in it. The greeting itself is
 * written in the visitor's language (visitorTextLanguage): it is read on their phone, later.
 */
export async function greet(
  { db, texts, telegramBot }: GreetDeps,
  user: UserRow,
  clone: CloneRow,
  request: GreetRequest,
  language: string,
): Promise<GreetResponse> {
  const { medium } = request
  const errors = textingTextsIn(language)
  if (!ENABLED[medium](clone)) throw badRequest(errors.mediumNotEnabled(clone.name, medium))
  const channel = CHANNEL_OF[medium]
  const text = textingTextsIn(visitorTextLanguage(user.language, clone.language)).greeting(
    user.name,
    clone.name,
  )
  let answer: GreetResponse

  if (medium === 'TELEGRAM') {
    const username = withoutAt(request.telegramUsername || user.telegramUsername || '')
    if (!username) throw badRequest(errors.telegramUsernameMissing)
    if (username !== user.telegramUsername)
      await db.update(users).set({ telegramUsername: username }).where(eq(users.id, user.id))
    if (texts.kindOf('telegram') === 'outbox') {
      // No bot: the dev outbox stands in for it and "delivers" at once.
      await send(texts, { channel, to: `@${username}`, text }, errors)
      answer = {
        ok: true,
        medium,
        fromNumber: null,
        link: telegramBot ? telegramLink(telegramBot) : null,
        greeted: true,
      }
    } else {
      const chatId = await boundChatOf(db, user.id)
      if (chatId) {
        await send(texts, { channel, to: chatId, text }, errors)
        answer = { ok: true, medium, fromNumber: null, link: telegramLink(telegramBot!), greeted: true }
      } else {
        // The bot may not write first: the greeting waits for '/start {token}' (server/texting/telegram-chats.ts).
        const token = await createTelegramStart(db, user.id, clone.id)
        answer = {
          ok: true,
          medium,
          fromNumber: null,
          link: telegramLink(telegramBot!, token),
          greeted: false,
        }
      }
    }
  } else {
    const to = verifiedNumber(user, request.phoneNumber, errors)
    await send(texts, { channel, to, text }, errors)
    const fromNumber = texts.senderOf(channel) ?? clone.phoneNumber ?? null
    const link = medium === 'WHATSAPP' && fromNumber ? `https://wa.me/${fromNumber.replace(/\D/g, '')}` : null
    answer = { ok: true, medium, fromNumber, link, greeted: true }
  }

  await setOptIn(db, user.id, clone.id, true, medium)
  await ensureLead(db, clone.id, user.id)
  await openTextConversation(db, user.id, clone.id, medium, text)
  return answer
}

async function send(texts: Texts, message: Parameters<Texts['send']>[0], errors: TextingTexts) {
  try {
    await texts.send(message)
  } catch (error) {
    throw Object.assign(new AppError(503, 'unavailable', errors.greetFailed), { cause: error })
  }
}

/** A new, empty conversation of the medium. */
export async function createTextConversation(
  db: Db | Tx,
  userId: string,
  cloneId: string,
  medium: TextMedium,
  now = new Date(),
): Promise<ConversationRow> {
  const [conversation] = await db
    .insert(conversations)
    .values({
      cloneId,
      userId,
      title: DEFAULT_CONVERSATION_TITLE,
      medium: CONVERSATION_MEDIUM_OF[medium],
      createdAt: now,
      updatedAt: now,
    })
    .returning()
  return conversation!
}

/** A new conversation of the medium, the greeting its first (clone) message. */
export function openTextConversation(
  db: Db,
  userId: string,
  cloneId: string,
  medium: TextMedium,
  greeting: string,
) {
  const now = new Date()
  return db.transaction(async (tx) => {
    const conversation = await createTextConversation(tx, userId, cloneId, medium, now)
    await tx.insert(messages).values({
      conversationId: conversation.id,
      sender: 'CLONE',
      text: greeting,
      sessionStart: true,
      createdAt: now,
    })
    return conversation
  })
}

/** The user's latest shown conversation of this medium with the clone (where an incoming text goes). */
export async function latestTextConversation(db: Db, userId: string, cloneId: string, medium: TextMedium) {
  const [row] = await db
    .select()
    .from(conversations)
    .where(
      and(
        eq(conversations.userId, userId),
        eq(conversations.cloneId, cloneId),
        eq(conversations.medium, CONVERSATION_MEDIUM_OF[medium]),
        // An archived conversation stays archived: the next text opens a new one.
        eq(conversations.hidden, false),
      ),
    )
    .orderBy(desc(conversations.updatedAt))
    .limit(1)
  return row
}
