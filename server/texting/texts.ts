/*
 * The text provider seam (CONVENTIONS 13, like server/mail/mailer.ts): one `send` for SMS, WhatsApp and
 * Telegram. Each channel is held by the dev outbox (default) or its real provider (Twilio for SMS and
 * WhatsApp, a Telegram bot), chosen in server/providers.ts from configuration.
 */

export type TextChannel = 'sms' | 'whatsapp' | 'telegram'

export interface TextMessage {
  channel: TextChannel
  /** E.164 ('+15555550123') for SMS and WhatsApp; the chat id for Telegram ('@username' in the dev outbox). */
  to: string
  text: string
}

/** One provider's side of the seam. `send` resolves once the provider accepted the message. */
export interface TextProvider {
  readonly kind: 'outbox' | 'twilio' | 'telegram'
  send(message: TextMessage): Promise<void>
  /** The E.164 number the product texts from on this channel, when the provider has one. */
  senderOf?(channel: TextChannel): string | null
}

/** A provider refused or could not be reached (status null: no answer). */
export class TextProviderError extends Error {
  constructor(
    readonly provider: string,
    readonly status: number | null,
    detail: string,
  ) {
    super(`${provider} did not send the text${status ? ` (${status})` : ''}: ${detail}`)
    this.name = 'TextProviderError'
  }
}

/** How long one request to a text provider may take before sending fails. */
export const TEXT_PROVIDER_TIMEOUT_MS = 10_000

export interface Texts {
  send(message: TextMessage): Promise<void>
  /** Which provider holds a channel ('telegram': a real bot, so chats must be started first). */
  kindOf(channel: TextChannel): TextProvider['kind']
  senderOf(channel: TextChannel): string | null
}

/** Routes each channel to its provider. */
export function createTexts(byChannel: Record<TextChannel, TextProvider>): Texts {
  return {
    send: (message) => byChannel[message.channel].send(message),
    kindOf: (channel) => byChannel[channel].kind,
    senderOf: (channel) => byChannel[channel].senderOf?.(channel) ?? null,
  }
}
