import type { Transporter } from 'nodemailer'
import type SMTPTransport from 'nodemailer/lib/smtp-transport'
import type { Mailer } from './mailer'

export interface SmtpMailerOptions {
  /** smtp://user:pass@host:587 (STARTTLS when offered) or smtps://user:pass@host:465. */
  url: string
  from: string
  /** Test hook: extra transport options (e.g. accepting a local self-signed server). */
  transport?: SMTPTransport.Options
}

/** The real mail provider: SMTP through nodemailer, chosen by SMTP_URL. */
export function createSmtpMailer({ url, from, transport }: SmtpMailerOptions): Mailer {
  const options = { ...parseSmtpUrl(url), ...transport }
  // nodemailer loads with the first message, not when the server starts (issue #27).
  let transporter: Promise<Transporter> | undefined
  return {
    kind: 'smtp',
    async send(message) {
      transporter ??= import('nodemailer').then(({ default: nodemailer }) =>
        nodemailer.createTransport(options),
      )
      await (await transporter).sendMail({ from, ...message })
    },
  }
}

function parseSmtpUrl(url: string): SMTPTransport.Options {
  const u = new URL(url)
  const secure = u.protocol === 'smtps:'
  return {
    host: u.hostname,
    port: u.port ? Number(u.port) : secure ? 465 : 587,
    secure,
    auth: u.username
      ? { user: decodeURIComponent(u.username), pass: decodeURIComponent(u.password) }
      : undefined,
    // Sign-in codes must not wait on a stuck server for minutes.
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 20_000,
  }
}
