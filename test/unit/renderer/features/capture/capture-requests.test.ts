import { QueryClient } from '@tanstack/react-query'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { captureRequests } from '../../../../../renderer/src/features/capture/capture-requests'
import { type Platform, setPlatform } from '../../../../../renderer/src/platform'
import { storageKeys } from '../../../../../renderer/src/platform/storage-keys'
import { createMemoryStorage, createWebPlatform } from '../../../../../renderer/src/platform/web'

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } })

const user = (phoneNumber: string | null) => ({
  id: '8f1d4a52-6c55-4c1e-9d7a-0f0a3f1b2c3d',
  name: null,
  email: 'ada@example.com',
  imageUrl: null,
  phoneNumber,
  telegramUsername: null,
  language: null,
  staff: false,
  plan: null,
  whitelabeled: false,
})

let calls: { method: string; path: string; body: unknown }[]
let phone: string | null
let optedIn: boolean

beforeEach(() => {
  calls = []
  phone = null
  optedIn = false
  const web = createWebPlatform(createMemoryStorage())
  const platform: Platform = {
    ...web,
    auth: { ...web.auth, tokenKey: storageKeys.embedAuthToken },
    embed: { configId: '22222222-2222-4222-8222-222222222222', whitelabel: false } as Platform['embed'],
  }
  setPlatform(platform)
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
      const path = new URL(String(input), 'http://localhost').pathname
      const body = init.body ? JSON.parse(String(init.body)) : undefined
      calls.push({ method: init.method ?? 'GET', path, body })
      if (path === '/api/auth/verify') return json(200, { user: user(phone), token: 't' })
      if (path === '/api/me') return json(200, { user: user(phone), relationships: [] })
      if (path === '/api/opt-ins/lena-hart')
        return json(200, { opt_in: { optIn: optedIn, medium: 'SMS', updatedAt: null } })
      if (path === '/api/opt-ins')
        return json(200, { opt_in: { optIn: true, medium: 'SMS', updatedAt: null } })
      if (path === '/api/me/phone') return json(400, { error: { code: 'bad', message: 'Too many codes' } })
      if (path === '/api/capture/lead') return json(200, { claimed: 1, leadId: user(null).id })
      if (path === '/api/me/phone/verify') return json(200, { user: user('+12015550123'), relationships: [] })
      return json(200, {
        ok: true,
        claimed: 0,
        relationship: { id: user(null).id, cloneSlug: 'lena-hart', type: 'CONSUMER' },
      })
    }),
  )
})
afterEach(() => vi.unstubAllGlobals())

const requests = (requirePhone: boolean) =>
  captureRequests({
    queryClient: new QueryClient(),
    slug: 'lena-hart',
    instanceSlug: null,
    requirePhone: () => requirePhone,
    conversationId: () => null,
    country: () => 'US',
    notify: () => {},
  })

describe('capture requests (spec 1 §4, §7)', () => {
  it('owes the phone step only when required and the user has no number or has not opted in', async () => {
    expect(await requests(false).verifyEmailCode('ada@example.com', '123456')).toEqual({ needsPhone: false })
    expect(await requests(true).verifyEmailCode('ada@example.com', '123456')).toEqual({ needsPhone: true })
    phone = '+12015550123'
    expect(await requests(true).verifyEmailCode('ada@example.com', '123456')).toEqual({ needsPhone: true })
    optedIn = true
    expect(await requests(true).verifyEmailCode('ada@example.com', '123456')).toEqual({ needsPhone: false })
  })

  it('verifies the phone code, then records the SMS opt-in', async () => {
    await requests(true).verifyPhoneCode('+12015550123', '654321')
    const writes = calls.filter((c) => c.method !== 'GET')
    expect(writes).toEqual([
      { method: 'POST', path: '/api/me/phone/verify', body: { phoneNumber: '+12015550123', code: '654321' } },
      { method: 'PUT', path: '/api/opt-ins', body: { slug: 'lena-hart', opt_in: true, medium: 'SMS' } },
    ])
  })

  it('shows the server’s text when a request is refused (spec 1 §8)', async () => {
    await expect(requests(true).sendPhoneCode('+12015550123')).rejects.toThrow('Too many codes')
  })

  it('records the lead with the embed configuration', async () => {
    await requests(false).recordLead()
    expect(calls.find((c) => c.path === '/api/capture/lead')?.body).toEqual({
      slug: 'lena-hart',
      instanceSlug: null,
      configId: '22222222-2222-4222-8222-222222222222',
      conversationId: null,
    })
  })
})
