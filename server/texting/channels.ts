import type { ConversationMedium } from '../../contract'
import type { TextMedium } from '../../contract/embed'
import type { TextChannel } from './texts'

/** The provider channel of each opt-in medium (spec 1 §4 'Text opt-in': SMS, WHATSAPP, TELEGRAM). */
export const CHANNEL_OF: Record<TextMedium, TextChannel> = {
  SMS: 'sms',
  WHATSAPP: 'whatsapp',
  TELEGRAM: 'telegram',
}
export const MEDIUM_OF: Record<TextChannel, TextMedium> = {
  sms: 'SMS',
  whatsapp: 'WHATSAPP',
  telegram: 'TELEGRAM',
}

/**
 * The medium of a texted conversation (spec 1 §3 'Conversation'). The spec's medium list has no TELEGRAM,
 * so a Telegram conversation is API (reached through the bot's API, not the web).
 */
export const CONVERSATION_MEDIUM_OF: Record<TextMedium, ConversationMedium> = {
  SMS: 'SMS',
  WHATSAPP: 'WHATSAPP',
  TELEGRAM: 'API',
}

/** The longest text each channel takes in one message (Twilio's Body: 1,600; Telegram: 4,096). */
const MAX_TEXT: Record<TextChannel, number> = { sms: 1600, whatsapp: 1600, telegram: 4096 }

/** A text cut to what its channel delivers, ending with an ellipsis when cut. */
export function fitText(channel: TextChannel, text: string): string {
  const max = MAX_TEXT[channel]
  return text.length <= max ? text : `${text.slice(0, max - 1).trimEnd()}…`
}
