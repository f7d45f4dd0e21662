import { sameSecret } from '../auth/constant-time'
import { TEXT_PROVIDER_TIMEOUT_MS, type TextProvider, TextProviderError } from './texts'

/*
 * A Telegram bot over the Bot API: POST {base}/bot{token}/sendMessage with JSON {chat_id, text}. A bot may
 * only write to a chat that started it, so chat ids come from our webhook (server/texting/telegram-chats.ts).
 */

export interface TelegramSettings {
  token: string
  /** Default https://api.telegram.org (config TELEGRAM_API_URL), replaceable so tests use a local fake. */
  baseUrl: string
}

export function createTelegramBot(settings: TelegramSettings): TextProvider {
  return {
    kind: 'telegram',
    async send({ channel, to, text }) {
      if (channel !== 'telegram') throw new Error(`The Telegram bot cannot send ${channel}`)
      let res: Response
      try {
        res = await fetch(`${settings.baseUrl}/bot${settings.token}/sendMessage`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ chat_id: to, text }),
          signal: AbortSignal.timeout(TEXT_PROVIDER_TIMEOUT_MS),
        })
      } catch (error) {
        throw new TextProviderError('Telegram', null, error instanceof Error ? error.message : String(error))
      }
      const answer = (await res.json().catch(() => null)) as { ok?: boolean; description?: string } | null
      if (!res.ok || answer?.ok !== true) {
        throw new TextProviderError('Telegram', res.status, answer?.description ?? res.statusText)
      }
    },
  }
}

/** https://t.me/{bot}, with ?start={token} when the chat should start with that payload. */
export const telegramLink = (botUsername: string, startToken?: string) =>
  `https://t.me/${botUsername}${startToken ? `?start=${startToken}` : ''}`

/** X-Telegram-Bot-Api-Secret-Token equals setWebhook's secret_token (constant-time). */
export const telegramSecretMatches = (expected: string, given: string | undefined): boolean =>
  sameSecret(given, expected)
