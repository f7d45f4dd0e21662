/** One e-mail to send: plain text always, HTML optional. */
export interface MailMessage {
  to: string
  subject: string
  text: string
  html?: string
}

/**
 * The mail provider seam (ARCHITECTURE.md 'Embedded defaults'): the dev outbox by default, SMTP through
 * nodemailer when SMTP_URL is set. `send` resolves once the message is accepted for delivery.
 */
export interface Mailer {
  readonly kind: 'outbox' | 'smtp'
  send(message: MailMessage): Promise<void>
}
