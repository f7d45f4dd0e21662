import type { FastifyBaseLogger } from 'fastify'
import type { Db } from '../db/client'
import { outboxMessages } from '../db/schema'
import type { Mailer } from './mailer'

/**
 * The embedded mail provider: nothing leaves the machine. Messages are stored in outbox_messages (listed at
 * /dev/outbox outside production) and logged at info level, so a developer can read a sign-in code.
 */
export function createDevOutbox(db: Db, log?: Pick<FastifyBaseLogger, 'info'>): Mailer {
  return {
    kind: 'outbox',
    async send(message) {
      await db
        .insert(outboxMessages)
        .values({ channel: 'email', to: message.to, subject: message.subject, text: message.text })
      log?.info({ to: message.to, subject: message.subject }, `dev outbox: ${message.text}`)
    },
  }
}
