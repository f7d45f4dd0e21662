import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { createTelegramBot, telegramLink } from '../../server/texting/telegram'
import { TextProviderError } from '../../server/texting/texts'
import { createTwilioTexts, twilioSignature, twilioSignatureMatches } from '../../server/texting/twilio'
import { type FakeApi, startFakeApi } from './texting-helpers'

/*
 * The text providers against fakes of their vendors' HTTP APIs (CONVENTIONS 13): what Twilio and the
 * Telegram Bot API receive, and how a refusal reads.
 */

let twilio: FakeApi
let telegram: FakeApi
beforeAll(async () => {
  twilio = await startFakeApi(() => ({ status: 201, body: { sid: 'SM123', status: 'queued' } }))
  telegram = await startFakeApi(() => ({ status: 200, body: { ok: true, result: { message_id: 1 } } }))
})
afterAll(async () => {
  await twilio.close()
  await telegram.close()
})
beforeEach(() => {
  twilio.seen.length = 0
  telegram.seen.length = 0
})

const twilioTexts = () =>
  createTwilioTexts({
    accountSid: 'AC0123456789',
    authToken: 'twilio-token',
    smsFrom: '+15005550006',
    whatsappFrom: '+14155238886',
    baseUrl: twilio.baseUrl,
  })

describe('Twilio', () => {
  it('posts an SMS to the account’s Messages.json, form-encoded, with basic auth', async () => {
    await twilioTexts().send({ channel: 'sms', to: '+14155550199', text: 'Hi Ada, it’s Lena.' })
    const [request] = twilio.seen
    expect(request!.method).toBe('POST')
    expect(request!.url).toBe('/2010-04-01/Accounts/AC0123456789/Messages.json')
    expect(request!.headers['content-type']).toMatch(/^application\/x-www-form-urlencoded/)
    expect(request!.headers.authorization).toBe(
      `Basic ${Buffer.from('AC0123456789:twilio-token').toString('base64')}`,
    )
    expect(Object.fromEntries(new URLSearchParams(request!.body))).toEqual({
      To: '+14155550199',
      From: '+15005550006',
      Body: 'Hi Ada, it’s Lena.',
    })
  })

  it('prefixes both numbers with whatsapp: for WhatsApp, from the WhatsApp sender', async () => {
    await twilioTexts().send({ channel: 'whatsapp', to: '+14155550199', text: 'Hello' })
    const form = new URLSearchParams(twilio.seen[0]!.body)
    expect(form.get('To')).toBe('whatsapp:+14155550199')
    expect(form.get('From')).toBe('whatsapp:+14155238886')
  })

  it('names the sender number of each channel', () => {
    expect(twilioTexts().senderOf?.('sms')).toBe('+15005550006')
    expect(twilioTexts().senderOf?.('whatsapp')).toBe('+14155238886')
  })

  it('reads a refusal as a provider error with Twilio’s message', async () => {
    twilio.queue.push({ status: 400, body: { code: 21211, message: "The 'To' number is not valid." } })
    const sent = twilioTexts().send({ channel: 'sms', to: '+14155550199', text: 'x' })
    await expect(sent).rejects.toBeInstanceOf(TextProviderError)
    await expect(sent).rejects.toThrow("The 'To' number is not valid.")
  })

  it('signs like Twilio: URL then the sorted parameters, HMAC-SHA1, base64 (Twilio’s documented example)', () => {
    const url = 'https://mycompany.com/myapp.php?foo=1&bar=2'
    const params: [string, string][] = [
      ['CallSid', 'CA1234567890ABCDE'],
      ['Caller', '+12349013030'],
      ['Digits', '1234'],
      ['From', '+12349013030'],
      ['To', '+18005551212'],
    ]
    expect(twilioSignature('12345', url, params)).toBe('0/KCTR6DLpKmkAf8muzZqo1nDgQ=')
    expect(twilioSignatureMatches('12345', url, params.toReversed(), '0/KCTR6DLpKmkAf8muzZqo1nDgQ=')).toBe(
      true,
    )
    expect(twilioSignatureMatches('12345', url, params, '1/KCTR6DLpKmkAf8muzZqo1nDgQ=')).toBe(false)
    expect(twilioSignatureMatches('12345', url, params, undefined)).toBe(false)
    expect(twilioSignatureMatches('12345', `${url}&x=1`, params, '0/KCTR6DLpKmkAf8muzZqo1nDgQ=')).toBe(false)
  })
})

describe('the Telegram bot', () => {
  const bot = () => createTelegramBot({ token: '123:ABC', baseUrl: telegram.baseUrl })

  it('calls sendMessage with the chat id and text as JSON', async () => {
    await bot().send({ channel: 'telegram', to: '424242', text: 'Hi Ada' })
    const [request] = telegram.seen
    expect(request!.method).toBe('POST')
    expect(request!.url).toBe('/bot123:ABC/sendMessage')
    expect(request!.headers['content-type']).toMatch(/^application\/json/)
    expect(JSON.parse(request!.body)).toEqual({ chat_id: '424242', text: 'Hi Ada' })
  })

  it('reads ok:false as a provider error with Telegram’s description', async () => {
    telegram.queue.push({
      status: 403,
      body: { ok: false, description: 'Forbidden: bot was blocked by the user' },
    })
    await expect(bot().send({ channel: 'telegram', to: '1', text: 'x' })).rejects.toThrow('bot was blocked')
  })

  it('links to the bot, with the start token when there is one', () => {
    expect(telegramLink('LikenessBot')).toBe('https://t.me/LikenessBot')
    expect(telegramLink('LikenessBot', 'abc_123')).toBe('https://t.me/LikenessBot?start=abc_123')
  })
})
