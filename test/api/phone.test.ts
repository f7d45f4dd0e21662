import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ApiErrorBody, MeResponse } from '../../contract'
import { CountryResponse, captureTexts, PhoneUpdateResponse } from '../../contract/embed'
import { CODE_DEAD_TEXT, VERIFY_FAILED_TEXT } from '../../server/auth/login-codes'
import { users } from '../../server/db/schema'
import { textingTexts } from '../../server/texting/texting.strings'
import { createTestApp, type TestApp, userWithSession } from './helpers'
import { type FakeApi, latestPhoneCode, outboxTexts, startFakeApi } from './texting-helpers'

/*
 * spec 1 §5, §7 'Phone number update', 'Phone code verify', 'IP geolocation': the signed-in user's number is
 * proved by a six-digit code texted to it (the sign-in code ledger: same hashing, tries and limits), and the
 * Telegram username is stored.
 */

let t: TestApp
beforeAll(async () => {
  t = await createTestApp({ env: { DEFAULT_PHONE_COUNTRY: 'US', AUTH_CODES_PER_EMAIL_AND_IP: '3' } })
})
afterAll(() => t.close())

let ips = 0
const nextIp = () => `198.51.100.${++ips}`

const post = (url: string, cookie: string, payload: object, remoteAddress = nextIp()) =>
  t.app.inject({ method: 'POST', url, headers: { cookie }, payload, remoteAddress })

describe('POST /api/me/phone', () => {
  it('texts a six-digit code to the number, read in the default country, and answers it in E.164', async () => {
    const ada = await userWithSession(t.db, 'ada-phone@likeness.test')
    const res = await post('/api/me/phone', ada.cookie, { phoneNumber: '(415) 555-0101' })
    expect(res.statusCode, res.body).toBe(200)
    expect(PhoneUpdateResponse.parse(res.json())).toEqual({ phoneNumber: '+14155550101' })
    const [text] = await outboxTexts(t.db, '+14155550101')
    expect(text).toMatchObject({ channel: 'sms' })
    expect(text!.text).toMatch(/\b\d{6}\b/)
    // Not yet the user's: only the code proves it.
    const [row] = await t.db.select().from(users).where(eq(users.id, ada.id))
    expect(row!.phoneNumber).toBeNull()
  })

  it('reads a national number in the country the renderer sends', async () => {
    const bo = await userWithSession(t.db, 'bo-phone@likeness.test')
    const res = await post('/api/me/phone', bo.cookie, { phoneNumber: '020 7946 0018', country: 'GB' })
    expect(res.json()).toEqual({ phoneNumber: '+442079460018' })
  })

  it("answers 'Invalid Phone Number' and 'Country is not supported' exactly", async () => {
    const cy = await userWithSession(t.db, 'cy-phone@likeness.test')
    const invalid = await post('/api/me/phone', cy.cookie, { phoneNumber: '12345' })
    expect(invalid.statusCode).toBe(400)
    expect(ApiErrorBody.parse(invalid.json()).error.message).toBe(captureTexts.invalidPhone)
    const foreign = await post('/api/me/phone', cy.cookie, { phoneNumber: '+7 916 123-45-67' })
    expect(foreign.statusCode).toBe(400)
    expect(ApiErrorBody.parse(foreign.json()).error.message).toBe('Country is not supported')
  })

  it('needs a signed-in user', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/me/phone',
      payload: { phoneNumber: '+14155550102' },
    })
    expect(res.statusCode).toBe(401)
    expect(await outboxTexts(t.db, '+14155550102')).toEqual([])
  })

  it('gives the same answer for a number someone else holds, and texts it a code all the same', async () => {
    const owner = await userWithSession(t.db, 'owner-phone@likeness.test')
    await t.db.update(users).set({ phoneNumber: '+14155550103' }).where(eq(users.id, owner.id))
    const other = await userWithSession(t.db, 'other-phone@likeness.test')
    const taken = await post('/api/me/phone', other.cookie, { phoneNumber: '+14155550103' })
    const free = await post('/api/me/phone', other.cookie, { phoneNumber: '+14155550104' })
    expect([taken.statusCode, free.statusCode]).toEqual([200, 200])
    expect(taken.json()).toEqual({ phoneNumber: '+14155550103' })
    expect(Object.keys(taken.json())).toEqual(Object.keys(free.json()))
    expect(await outboxTexts(t.db, '+14155550103')).toHaveLength(1)
  })

  it('limits codes per number and IP like sign-in codes (429 with Retry-After)', async () => {
    const dee = await userWithSession(t.db, 'dee-phone@likeness.test')
    const ip = nextIp()
    for (let i = 0; i < 3; i += 1) {
      expect((await post('/api/me/phone', dee.cookie, { phoneNumber: '+14155550105' }, ip)).statusCode).toBe(
        200,
      )
    }
    const refused = await post('/api/me/phone', dee.cookie, { phoneNumber: '+14155550105' }, ip)
    expect(refused.statusCode).toBe(429)
    expect(refused.json()).toEqual({
      error: { code: 'rate_limited', message: textingTexts.phoneCodesRateLimited },
    })
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0)
    expect(await outboxTexts(t.db, '+14155550105')).toHaveLength(3)
  })
})

describe('POST /api/me/phone/verify', () => {
  it('makes the verified number the user’s (E.164) and answers the refreshed user', async () => {
    const eve = await userWithSession(t.db, 'eve-phone@likeness.test')
    await post('/api/me/phone', eve.cookie, { phoneNumber: '415-555-0106' })
    const code = await latestPhoneCode(t.db, '+14155550106')
    const res = await post('/api/me/phone/verify', eve.cookie, { phoneNumber: '415-555-0106', code })
    expect(res.statusCode, res.body).toBe(200)
    expect(MeResponse.parse(res.json()).user?.phoneNumber).toBe('+14155550106')
    // Single use.
    const again = await post('/api/me/phone/verify', eve.cookie, { phoneNumber: '+14155550106', code })
    expect(again.json().error.message).toBe(VERIFY_FAILED_TEXT)
  })

  it("refuses a wrong code with 'Unable to verify code. Please try again', and a code tried 5 times is dead", async () => {
    const fay = await userWithSession(t.db, 'fay-phone@likeness.test')
    await post('/api/me/phone', fay.cookie, { phoneNumber: '+14155550107' })
    const code = await latestPhoneCode(t.db, '+14155550107')
    const wrong = code === '000000' ? '111111' : '000000'
    for (let i = 0; i < 5; i += 1) {
      const res = await post('/api/me/phone/verify', fay.cookie, { phoneNumber: '+14155550107', code: wrong })
      expect(res.statusCode).toBe(400)
      expect(res.json().error.message).toBe(VERIFY_FAILED_TEXT)
    }
    const dead = await post('/api/me/phone/verify', fay.cookie, { phoneNumber: '+14155550107', code })
    expect(dead.statusCode).toBe(400)
    expect(dead.json().error.message).toBe(CODE_DEAD_TEXT)
    const [row] = await t.db.select().from(users).where(eq(users.id, fay.id))
    expect(row!.phoneNumber).toBeNull()
  })

  it('moves a number to whoever proved it last', async () => {
    const first = await userWithSession(t.db, 'first-phone@likeness.test')
    await t.db.update(users).set({ phoneNumber: '+14155550108' }).where(eq(users.id, first.id))
    const second = await userWithSession(t.db, 'second-phone@likeness.test')
    await post('/api/me/phone', second.cookie, { phoneNumber: '+14155550108' })
    const code = await latestPhoneCode(t.db, '+14155550108')
    expect(
      (await post('/api/me/phone/verify', second.cookie, { phoneNumber: '+14155550108', code })).statusCode,
    ).toBe(200)
    const [before] = await t.db.select().from(users).where(eq(users.id, first.id))
    expect(before!.phoneNumber).toBeNull()
  })

  it('shows the phone code large on the dev outbox page, beside the mail', async () => {
    const gil = await userWithSession(t.db, 'gil-phone@likeness.test')
    await post('/api/me/phone', gil.cookie, { phoneNumber: '+14155550109' })
    const code = await latestPhoneCode(t.db, '+14155550109')
    const page = await t.app.inject({ method: 'GET', url: '/dev/outbox' })
    expect(page.body).toContain('<h1>Mail and texts</h1>')
    expect(page.body).toContain(`aria-label="Phone code for +14155550109">${code}</p>`)
  })
})

describe('POST /api/me/telegram', () => {
  it('stores the username without the @', async () => {
    const hal = await userWithSession(t.db, 'hal-phone@likeness.test')
    const res = await post('/api/me/telegram', hal.cookie, { telegramUsername: '@hal_9000' })
    expect(res.statusCode, res.body).toBe(200)
    expect(MeResponse.parse(res.json()).user?.telegramUsername).toBe('hal_9000')
    const bad = await post('/api/me/telegram', hal.cookie, { telegramUsername: 'no spaces allowed' })
    expect(bad.statusCode).toBe(400)
  })
})

describe('GET /api/geo/country', () => {
  it('answers DEFAULT_PHONE_COUNTRY when no lookup is configured', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/geo/country' })
    expect(CountryResponse.parse(res.json())).toEqual({ country: 'US' })
  })

  describe('with an IP lookup service', () => {
    let geo: FakeApi
    let g: TestApp
    beforeAll(async () => {
      geo = await startFakeApi((request) =>
        request.url.includes('203.0.113.9')
          ? { status: 200, body: { ip: '203.0.113.9', country_code: 'gb' } }
          : { status: 500, body: { error: true } },
      )
      g = await createTestApp({ env: { GEOIP_URL: `${geo.baseUrl}/json/{ip}`, DEFAULT_PHONE_COUNTRY: 'US' } })
    })
    afterAll(async () => {
      await g.close()
      await geo.close()
    })

    it('asks the service for the caller’s address and answers its country', async () => {
      const res = await g.app.inject({ method: 'GET', url: '/api/geo/country', remoteAddress: '203.0.113.9' })
      expect(res.json()).toEqual({ country: 'GB' })
      expect(geo.seen.at(-1)!.url).toBe('/json/203.0.113.9')
    })

    it('falls back to the configured country when the service fails', async () => {
      const res = await g.app.inject({
        method: 'GET',
        url: '/api/geo/country',
        remoteAddress: '203.0.113.10',
      })
      expect(res.json()).toEqual({ country: 'US' })
    })

    it('reads national numbers in the looked-up country, over the renderer’s guess', async () => {
      const ivy = await userWithSession(g.db, 'ivy-phone@likeness.test')
      const res = await g.app.inject({
        method: 'POST',
        url: '/api/me/phone',
        headers: { cookie: ivy.cookie },
        payload: { phoneNumber: '020 7946 0019', country: 'US' },
        remoteAddress: '203.0.113.9',
      })
      expect(res.json()).toEqual({ phoneNumber: '+442079460019' })
    })
  })
})
