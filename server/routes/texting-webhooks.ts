import { eq } from 'drizzle-orm'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { findLanguage } from '../../contract/languages'
import type { BrainSetup } from '../brain/create-brain'
import type { Config } from '../config'
import type { Db } from '../db/client'
import { clones, users } from '../db/schema'
import { AppError, badRequest, forbidden, notFound } from '../errors'
import { requestLanguage } from '../i18n'
import { handleOnce } from '../processed-events'
import { answerIncomingText, type InboundDeps } from '../texting/inbound'
import { telegramSecretMatches } from '../texting/telegram'
import { consumeTelegramStart, userOfChat } from '../texting/telegram-chats'
import { textingTextsIn, visitorTextLanguage } from '../texting/texting.strings'
import type { Texts } from '../texting/texts'
import { twilioSignatureMatches } from '../texting/twilio'

export interface TextingWebhookOptions {
  db: Db
  config: Config
  setup: BrainSetup
  texts: Texts
}

export const TWILIO_WEBHOOK_PATH = '/api/texting/twilio/webhook'
export const TELEGRAM_WEBHOOK_PATH = '/api/texting/telegram/webhook'

/** An empty TwiML answer: the reply goes out through the REST API, after the brain has answered. */
const EMPTY_TWIML = '<?xml version="1.0" encoding="UTF-8"?><Response></Response>'

/** Twilio's form fields we read (it sends many more; all of them are signed). */
export const TwilioMessage = z.object({
  From: z.string().min(1).max(64),
  Body: z.string().max(4096).default(''),
  MessageSid: z.string().min(1).max(64),
})

/** The part of a Telegram Update we read (https://core.telegram.org/bots/api#update). */
export const TelegramUpdate = z.looseObject({
  update_id: z.number().int().optional(),
  message: z
    .looseObject({
      message_id: z.number().int(),
      chat: z.looseObject({ id: z.union([z.number().int(), z.string().max(64)]) }),
      // language_code: the IETF tag of the sender's Telegram interface, when Telegram knows it.
      from: z
        .looseObject({
          username: z.string().max(64).optional(),
          language_code: z.string().max(35).optional(),
        })
        .optional(),
      text: z.string().max(4096).optional(),
    })
    .optional(),
})

const START = /^\/start(?:@\w+)?(?:\s+([A-Za-z0-9_-]{1,64}))?\s*$/

/**
 * The providers' webhooks for incoming texts (issue #14). Each is verified before anything is read: Twilio
 * by X-Twilio-Signature, Telegram by the secret given to setWebhook. An unconfigured provider's webhook
 * answers 404. Unknown senders: a Telegram chat gets one line saying how to start (it chose to open the
 * bot); an unknown SMS or WhatsApp number gets nothing (a text costs money and would tell a stranger the
 * number is served here).
 */
export const textingWebhookRoutes: FastifyPluginAsyncZod<TextingWebhookOptions> = async (
  app,
  { db, config, setup, texts },
) => {
  const inbound = (log: InboundDeps['log']): InboundDeps => ({ db, setup, texts, log })

  // Twilio posts a form; no other route takes one, so the parser lives in this plugin's scope only.
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 64 * 1024 },
    (_request, body, done) => done(null, [...new URLSearchParams(body as string)]),
  )

  app.post(TWILIO_WEBHOOK_PATH, async (request, reply) => {
    const authToken = config.TWILIO_AUTH_TOKEN
    const errors = textingTextsIn(requestLanguage(request.headers))
    if (!authToken) throw notFound(errors.textingNotConfigured('Twilio'))
    const params = Array.isArray(request.body) ? (request.body as [string, string][]) : null
    if (!params) throw new AppError(415, 'bad_request', 'Twilio posts application/x-www-form-urlencoded')
    const signature = request.headers['x-twilio-signature']
    // The URL Twilio was given: PUBLIC_URL's, or (behind a proxy that keeps the host) the request's own.
    const urls = [`${config.PUBLIC_URL}${request.url}`, `${request.protocol}://${request.host}${request.url}`]
    const signed = urls.some((url) =>
      twilioSignatureMatches(authToken, url, params, typeof signature === 'string' ? signature : undefined),
    )
    if (!signed) throw forbidden(errors.badSignature)

    const message = TwilioMessage.safeParse(Object.fromEntries(params))
    if (!message.success) throw badRequest('Not a Twilio message')
    const { From, Body, MessageSid } = message.data
    const channel = From.startsWith('whatsapp:') ? 'whatsapp' : 'sms'
    const number = From.replace(/^whatsapp:/, '')
    const handled = await handleOnce(db, `twilio:${MessageSid}`, 'twilio.message', async () => {
      const [user] = await db.select().from(users).where(eq(users.phoneNumber, number)).limit(1)
      if (!user || user.banned) {
        request.log.info({ channel }, 'text from an unknown number: not answered')
      } else if (Body.trim()) {
        const outcome = await answerIncomingText(inbound(request.log), {
          channel,
          replyTo: number,
          userId: user.id,
          text: Body.trim(),
          providerMessageId: MessageSid,
        })
        request.log.info({ channel, outcome }, 'incoming text')
      }
    })
    if (!handled) request.log.info({ channel }, 'a Twilio message delivered again: not handled again')
    return reply.type('text/xml').send(EMPTY_TWIML)
  })

  app.post(TELEGRAM_WEBHOOK_PATH, async (request) => {
    const secret = config.TELEGRAM_WEBHOOK_SECRET
    const errors = textingTextsIn(requestLanguage(request.headers))
    if (!config.TELEGRAM_BOT_TOKEN || !secret) throw notFound(errors.textingNotConfigured('Telegram'))
    const given = request.headers['x-telegram-bot-api-secret-token']
    if (!telegramSecretMatches(secret, typeof given === 'string' ? given : undefined))
      throw forbidden(errors.badSignature)

    const update = TelegramUpdate.safeParse(request.body)
    const message = update.success ? update.data.message : undefined
    const text = message?.text?.trim()
    // Edits, joins, stickers and the like: nothing to answer.
    if (!message || !text) return { ok: true }
    const chatId = String(message.chat.id)
    // A chat tied to nobody is answered in its Telegram's language.
    const strangerText = () =>
      textingTextsIn(findLanguage(message.from?.language_code)?.code).unknownTelegramChat
    const send = (reply: string) =>
      texts
        .send({ channel: 'telegram', to: chatId, text: reply })
        .catch((error: unknown) => request.log.error({ err: error }, 'Telegram reply failed'))

    const delivery = `telegram:${chatId}:${message.message_id}`
    const handled = await handleOnce(db, delivery, 'telegram.message', async () => {
      const start = START.exec(text)
      if (start) {
        const bound = start[1]
          ? await consumeTelegramStart(db, start[1], { chatId, username: message.from?.username ?? null })
          : undefined
        if (bound) {
          const [row] = await db
            .select({
              userName: users.name,
              userLanguage: users.language,
              cloneName: clones.name,
              cloneLanguage: clones.language,
            })
            .from(users)
            .innerJoin(clones, eq(clones.id, bound.cloneId))
            .where(eq(users.id, bound.userId))
          if (row)
            await send(
              textingTextsIn(visitorTextLanguage(row.userLanguage, row.cloneLanguage)).greeting(
                row.userName,
                row.cloneName,
              ),
            )
        } else if (!(await userOfChat(db, chatId))) {
          await send(strangerText())
        }
        return
      }

      const userId = await userOfChat(db, chatId)
      if (!userId) {
        await send(strangerText())
        return
      }
      const outcome = await answerIncomingText(inbound(request.log), {
        channel: 'telegram',
        replyTo: chatId,
        userId,
        text,
        providerMessageId: `${chatId}:${message.message_id}`,
      })
      request.log.info({ channel: 'telegram', outcome }, 'incoming text')
    })
    if (!handled)
      request.log.info({ channel: 'telegram' }, 'a Telegram update delivered again: not handled again')
    return { ok: true }
  })
}
