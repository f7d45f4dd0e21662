import type { FastifyBaseLogger } from 'fastify'
import type { Db } from '../db/client'
import { outboxMessages } from '../db/schema'
import type { TextChannel, TextProvider } from './texts'

const SUBJECTS: Record<TextChannel, string> = { sms: 'SMS', whatsapp: 'WhatsApp', telegram: 'Telegram' }

/**
 * The embedded text provider: nothing leaves the machine. Texts are stored in outbox_messages with their
 * channel (listed at /dev/outbox beside the mail, outside production) and logged, so a developer can read a
 * phone code or a greeting.
 */
export function createDevTextOutbox(db: Db, log?: Pick<FastifyBaseLogger, 'info'>): TextProvider {
  return {
    kind: 'outbox',
    async send({ channel, to, text }) {
      await db.insert(outboxMessages).values({ channel, to, subject: SUBJECTS[channel], text })
      log?.info({ to, channel }, `dev outbox (${channel}): ${text}`)
    },
  }
}
