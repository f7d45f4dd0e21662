import { createHmac } from 'node:crypto'
import { sameSecret } from '../auth/constant-time'
import { TEXT_PROVIDER_TIMEOUT_MS, type TextChannel, type TextProvider, TextProviderError } from './texts'

/*
 * Twilio Programmable Messaging over its REST API: POST {base}/2010-04-01/Accounts/{sid}/Messages.json,
 * form-encoded To, From, Body, HTTP basic auth sid:token. WhatsApp is the same call with 'whatsapp:'
 * before both numbers. Incoming texts come to our webhook signed with X-Twilio-Signature.
 */

export interface TwilioSettings {
  accountSid: string
  authToken: string
  smsFrom: string | undefined
  whatsappFrom: string | undefined
  /** Default https://api.twilio.com (config TWILIO_API_URL), replaceable so tests use a local fake. */
  baseUrl: string
}

/** Twilio's address of a number on a channel. */
export const twilioAddress = (channel: TextChannel, e164: string) =>
  channel === 'whatsapp' ? `whatsapp:${e164}` : e164

export function createTwilioTexts(settings: TwilioSettings): TextProvider {
  const from = (channel: TextChannel) => (channel === 'whatsapp' ? settings.whatsappFrom : settings.smsFrom)
  const auth = Buffer.from(`${settings.accountSid}:${settings.authToken}`).toString('base64')
  return {
    kind: 'twilio',
    senderOf: (channel) => from(channel) ?? null,
    async send({ channel, to, text }) {
      const sender = from(channel)
      if (channel === 'telegram' || !sender) throw new Error(`Twilio holds no sender for ${channel}`)
      const url = `${settings.baseUrl}/2010-04-01/Accounts/${encodeURIComponent(settings.accountSid)}/Messages.json`
      const body = new URLSearchParams({
        To: twilioAddress(channel, to),
        From: twilioAddress(channel, sender),
        Body: text,
      })
      let res: Response
      try {
        res = await fetch(url, {
          method: 'POST',
          headers: { authorization: `Basic ${auth}`, 'content-type': 'application/x-www-form-urlencoded' },
          body,
          signal: AbortSignal.timeout(TEXT_PROVIDER_TIMEOUT_MS),
        })
      } catch (error) {
        throw new TextProviderError('Twilio', null, error instanceof Error ? error.message : String(error))
      }
      if (!res.ok) {
        const answer = (await res.json().catch(() => null)) as { message?: unknown } | null
        const detail = typeof answer?.message === 'string' ? answer.message : res.statusText
        throw new TextProviderError('Twilio', res.status, detail)
      }
    },
  }
}

/**
 * X-Twilio-Signature: base64 HMAC-SHA1, keyed with the auth token, of the full URL Twilio called followed by
 * every POST parameter sorted by name, each name then value, with no separators.
 */
export function twilioSignature(authToken: string, url: string, params: Iterable<[string, string]>): string {
  const sorted = [...params].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
  const data = url + sorted.map(([name, value]) => name + value).join('')
  return createHmac('sha1', authToken).update(data, 'utf8').digest('base64')
}

/** Whether a request carries the right signature, compared in constant time. */
export function twilioSignatureMatches(
  authToken: string,
  url: string,
  params: Iterable<[string, string]>,
  signature: string | undefined,
): boolean {
  return sameSecret(signature, twilioSignature(authToken, url, params))
}
