import type { AddressInfo } from 'node:net'
import { createServer, type Server, type Socket } from 'node:net'
import { and, eq, gt } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { VISITOR_HEADER } from '../../contract/auth'
import { SESSION_COOKIE } from '../../server/auth/identity'
import { VISITOR_COOKIE } from '../../server/auth/visitor'
import { loginCodes, outboxMessages } from '../../server/db/schema'
import { createSmtpMailer } from '../../server/mail/smtp'
import { createTestApp } from './helpers'

interface ReceivedMail {
  from: string
  to: string[]
  data: string
}

/** Just enough SMTP (RFC 5321) to accept mail: no TLS, no auth. */
function startSmtpServer(): Promise<{ server: Server; port: number; mail: ReceivedMail[] }> {
  const mail: ReceivedMail[] = []
  const server = createServer((socket: Socket) => {
    let buffer = ''
    let inData = false
    let current: ReceivedMail = { from: '', to: [], data: '' }
    const reply = (line: string) => socket.write(`${line}\r\n`)
    reply('220 test-smtp ready')
    socket.on('data', (chunk) => {
      buffer += chunk.toString('utf8')
      for (;;) {
        if (inData) {
          const end = buffer.indexOf('\r\n.\r\n')
          if (end < 0) return
          current.data = buffer.slice(0, end)
          buffer = buffer.slice(end + 5)
          inData = false
          mail.push(current)
          current = { from: '', to: [], data: '' }
          reply('250 queued')
          continue
        }
        const eol = buffer.indexOf('\r\n')
        if (eol < 0) return
        const line = buffer.slice(0, eol)
        buffer = buffer.slice(eol + 2)
        const verb = line.slice(0, 4).toUpperCase()
        if (verb === 'EHLO' || verb === 'HELO') reply('250 test-smtp')
        else if (verb === 'MAIL') {
          current.from = line
          reply('250 ok')
        } else if (verb === 'RCPT') {
          current.to.push(line)
          reply('250 ok')
        } else if (verb === 'DATA') {
          inData = true
          reply('354 go on')
        } else if (verb === 'QUIT') {
          reply('221 bye')
          socket.end()
        } else reply('250 ok')
      }
    })
  })
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () =>
      resolve({ server, port: (server.address() as AddressInfo).port, mail }),
    ),
  )
}

let smtp: Awaited<ReturnType<typeof startSmtpServer>>
beforeAll(async () => {
  smtp = await startSmtpServer()
})
afterAll(async () => {
  await new Promise((resolve) => smtp.server.close(resolve))
})

describe('SMTP mail provider', () => {
  it('sends a message through nodemailer', async () => {
    const mailer = createSmtpMailer({
      url: `smtp://127.0.0.1:${smtp.port}`,
      from: 'Likeness <no-reply@likeness.app>',
      transport: { ignoreTLS: true },
    })
    await mailer.send({ to: 'someone@example.com', subject: 'Hello', text: 'Plain body' })
    const sent = smtp.mail.at(-1)!
    expect(sent.from).toContain('no-reply@likeness.app')
    expect(sent.to[0]).toContain('someone@example.com')
    expect(sent.data).toContain('Subject: Hello')
    expect(sent.data).toContain('Plain body')
  })

  it('delivers sign-in codes when SMTP_URL is set, and nothing goes to the outbox', async () => {
    const t = await createTestApp({ env: { SMTP_URL: `smtp://127.0.0.1:${smtp.port}` } })
    try {
      const email = 'smtp.user@example.com'
      const sent = await t.app.inject({ method: 'POST', url: '/api/auth/code', payload: { email } })
      expect(sent.statusCode, sent.body).toBe(200)
      const mail = smtp.mail.findLast((m) => m.to.some((to) => to.includes(email)))!
      const code = /sign-in code is (\d{6})/.exec(mail.data.replace(/=\r\n/g, ''))?.[1]
      expect(code).toMatch(/^\d{6}$/)
      expect(await t.db.select().from(outboxMessages)).toHaveLength(0)
      // The code is typed by the browser that asked for it: the visitor cookie that request set.
      const visitor = sent.cookies.find((c) => c.name === VISITOR_COOKIE)!
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/auth/verify',
        payload: { email, code },
        cookies: { [VISITOR_COOKIE]: visitor.value },
      })
      expect(res.statusCode, res.body).toBe(200)
      expect(res.cookies.some((c) => c.name === SESSION_COOKIE)).toBe(true)
    } finally {
      await t.close()
    }
  })

  it("answers 'Failed to send verification code.' when the mail cannot be sent, and retires that code only", async () => {
    const sent: string[] = []
    let failing = false
    const t = await createTestApp({
      providers: {
        mailer: {
          kind: 'smtp',
          send: async (mail) => {
            if (failing) throw new Error('connection refused')
            sent.push(mail.text)
          },
        },
      },
    })
    try {
      const email = 'x@example.com'
      const browser = { [VISITOR_HEADER]: 'visitor-of-x-at-example-com' }
      const ask = () =>
        t.app.inject({ method: 'POST', url: '/api/auth/code', payload: { email }, headers: browser })
      expect((await ask()).statusCode).toBe(200)
      const delivered = /\b(\d{6})\b/.exec(sent[0]!)![1]!
      failing = true
      const res = await ask()
      expect(res.statusCode).toBe(503)
      expect(res.json().error.message).toBe('Failed to send verification code.')
      // The code nobody received is dead; the one delivered earlier still signs in.
      const live = await t.db
        .select()
        .from(loginCodes)
        .where(and(eq(loginCodes.email, email), gt(loginCodes.expiresAt, new Date())))
      expect(live).toHaveLength(1)
      const verified = await t.app.inject({
        method: 'POST',
        url: '/api/auth/verify',
        payload: { email, code: delivered },
        headers: browser,
      })
      expect(verified.statusCode, verified.body).toBe(200)
    } finally {
      await t.close()
    }
  })
})
