// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { captureStrings as s } from '../../../../../renderer/src/features/capture/capture.strings'
import { chatStrings } from '../../../../../renderer/src/features/chat/chat.strings'
import { chatStream } from '../../../../../renderer/src/features/chat/chat-stream.store'
import type { EmbedContext, Platform } from '../../../../../renderer/src/platform'
import { storageKeys } from '../../../../../renderer/src/platform/storage-keys'
import { createMemoryStorage, createWebPlatform } from '../../../../../renderer/src/platform/web'
import { lenaHart } from '../../support/clones'
import { fakeChatApi } from '../../support/fake-chat-api'
import { renderApp } from '../../support/render-app'

/**
 * A tall screen of short rows, so the whole capture conversation is on screen (happy-dom lays nothing out;
 * the thread is virtualised).
 */
beforeEach(() => {
  const tall = (el: HTMLElement) => el.classList.contains('chat-thread__scroller')
  vi.spyOn(HTMLElement.prototype, 'offsetHeight', 'get').mockImplementation(function (this: HTMLElement) {
    return tall(this) ? 4000 : 40
  })
  vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockImplementation(function (this: HTMLElement) {
    return tall(this) ? 4000 : 40
  })
  vi.spyOn(HTMLElement.prototype, 'offsetWidth', 'get').mockReturnValue(800)
  vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(800)
})
afterEach(() => {
  vi.restoreAllMocks()
  cleanup()
  chatStream.reset()
  vi.unstubAllGlobals()
})

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } })

const USER = {
  id: '8f1d4a52-6c55-4c1e-9d7a-0f0a3f1b2c3d',
  name: null,
  email: 'ada@example.com',
  imageUrl: null,
  phoneNumber: null,
  telegramUsername: null,
  language: null,
  staff: false,
  plan: null,
  whitelabeled: false,
}

/** The product inside an iframe (the embed platform is built elsewhere; this is its shape). */
function embedPlatform(): Platform {
  const web = createWebPlatform(createMemoryStorage())
  const embed: EmbedContext = {
    configId: '22222222-2222-4222-8222-222222222222',
    target: 'lena-hart',
    cloneSlug: 'lena-hart',
    instanceSlug: null,
    root: '/embed/lena-hart/22222222-2222-4222-8222-222222222222',
    parentOrigin: 'https://creator.example',
    layout: 'inline',
    whitelabel: true,
    textLimit: null,
    voiceLimitSeconds: null,
    mainSiteOrigin: 'https://likeness.example',
    notifyParent: () => {},
    onParentMessage: () => () => {},
  }
  return { ...web, embed, auth: { ...web.auth, tokenKey: storageKeys.embedAuthToken } }
}

/** The chat API plus sign-in, monetization (anonymous quota 1) and the lead; every write recorded. */
function captureApi() {
  const chat = fakeChatApi([lenaHart()])
  const writes: { path: string; body: unknown }[] = []
  let signedIn = false
  /** Whether the visitor was signed in at each usage read. */
  const usageReads: boolean[] = []
  const fetch = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const url = new URL(String(input), 'http://localhost')
    const body = init?.body ? JSON.parse(String(init.body)) : undefined
    const path = url.pathname
    if (path === '/api/usage') {
      usageReads.push(signedIn)
      return json(404, { error: { code: 'not_found', message: 'No usage here' } })
    }
    if (init?.method === 'POST' && !path.includes('/talk/')) writes.push({ path, body })
    if (path === '/api/me') return json(200, { user: signedIn ? USER : null, relationships: [] })
    if (path === '/api/clones/lena-hart/monetization')
      return json(200, {
        anonymous_quota: { messages: 1, voice_minutes: 0, video_minutes: 0 },
        has_upsell_options: false,
        memberships: [],
        active_subscription: null,
      })
    if (path === '/api/auth/code') return json(200, { ok: true })
    if (path === '/api/auth/verify') {
      if (body.code !== '123456')
        return json(400, { error: { code: 'invalid_code', message: 'Invalid or expired code' } })
      signedIn = true
      return json(200, { user: USER, token: 'embed-token' })
    }
    if (path === '/api/auth/claim') return json(200, { claimed: 1 })
    if (path === '/api/relationships')
      return json(200, { relationship: { id: USER.id, cloneSlug: 'lena-hart', type: 'CONSUMER' } })
    if (path === '/api/capture/lead') return json(200, { claimed: 0, leadId: USER.id })
    return chat.fetch(input, init)
  }
  return { fetch, writes, usageReads }
}

const field = (name: string) => screen.getByRole('textbox', { name })
const answer = (name: string, text: string) => {
  fireEvent.change(field(name), { target: { value: text } })
  fireEvent.keyDown(field(name), { key: 'Enter' })
}
const guidance = () => screen.getByRole('region', { name: s.captureLabel })

describe('contact capture in the embedded chat (spec 1 §4)', () => {
  it('asks for the email at the quota, sends and verifies the code, and hands the chat back', async () => {
    const api = captureApi()
    const { platform } = await renderApp('/lena-hart/talk', { fetch: api.fetch, platform: embedPlatform() })
    await screen.findByRole('heading', { level: 2, name: 'Lena Hart' })
    answer('Message Lena Hart', 'How late can I drink coffee?')
    await screen.findByRole('article', { name: 'Lena Hart' })

    // The check (500 ms), the clone typing (800–1300 ms, then 600–800 ms), then the question.
    expect(await screen.findByText(s.askEmail, {}, { timeout: 4000 })).toBeTruthy()
    expect(screen.getByText(s.intro)).toBeTruthy()
    expect((field(s.inputLabel.email) as HTMLTextAreaElement).placeholder).toBe('Type your email...')
    expect(within(guidance()).getByText('Provide Your Email')).toBeTruthy()
    expect(within(guidance()).getByRole('button', { name: s.skip })).toBeTruthy()
    // spec 1 §4 'Right prompt button': send while a capture is in progress, even with an empty field.
    expect(screen.getByRole('button', { name: chatStrings.send })).toBeTruthy()

    answer(s.inputLabel.email, 'ada@')
    expect(await screen.findByText('Invalid Email')).toBeTruthy()
    answer(s.inputLabel.email, 'Ada@Example.com')
    await screen.findByText(s.askEmailCode('ada@example.com'))
    expect(api.writes).toContainEqual({
      path: '/api/auth/code',
      body: { email: 'ada@example.com', whitelabel: true },
    })
    expect(screen.getAllByRole('article', { name: chatStrings.yourMessage }).at(-1)?.textContent).toBe(
      'ada@example.com',
    )
    expect((field(s.inputLabel.code) as HTMLTextAreaElement).placeholder).toBe('Type your six-digit code...')
    expect(within(guidance()).getByText('Enter The Six-Digit Security Code')).toBeTruthy()
    expect(within(guidance()).getByRole('button', { name: s.changeEmail })).toBeTruthy()

    answer(s.inputLabel.code, '12345')
    expect(await screen.findByText("That doesn't look like a six-digit code.")).toBeTruthy()
    answer(s.inputLabel.code, '000-000')
    expect(await screen.findByText('Invalid or expired code')).toBeTruthy()
    answer(s.inputLabel.code, '123-456')

    expect(await screen.findByText(s.thanks)).toBeTruthy()
    const verify = api.writes.filter((w) => w.path === '/api/auth/verify').at(-1)
    expect(verify?.body).toMatchObject({ email: 'ada@example.com', code: '123456', transport: 'bearer' })
    expect(await platform.storage.get(storageKeys.embedAuthToken)).toBe('embed-token')
    await waitFor(() =>
      expect(api.writes.find((w) => w.path === '/api/capture/lead')?.body).toEqual({
        slug: 'lena-hart',
        instanceSlug: null,
        configId: '22222222-2222-4222-8222-222222222222',
        conversationId: expect.any(String),
      }),
    )
    // The quota is the user's now: the usage is read again.
    await waitFor(() => expect(api.usageReads).toContain(true))
    // The code never shows; the prompt is the chat's again.
    expect(screen.getAllByRole('article', { name: chatStrings.yourMessage }).at(-1)?.textContent).toBe(
      s.maskedCode,
    )
    expect(screen.queryByText('123-456')).toBeNull()
    expect(field('Message Lena Hart')).toBeTruthy()
    expect(screen.queryByRole('region', { name: s.captureLabel })).toBeNull()
  }, 15_000)

  it('resends the code and lets the visitor change the email', async () => {
    const api = captureApi()
    await renderApp('/lena-hart/talk', { fetch: api.fetch, platform: embedPlatform() })
    await screen.findByRole('heading', { level: 2, name: 'Lena Hart' })
    answer('Message Lena Hart', 'Hello')
    await screen.findByText(s.askEmail, {}, { timeout: 4000 })
    answer(s.inputLabel.email, 'ada@example.com')
    await screen.findByText(s.askEmailCode('ada@example.com'))
    fireEvent.click(within(guidance()).getByRole('button', { name: s.resend }))
    expect(await screen.findByText('Code resent')).toBeTruthy()
    expect(api.writes.filter((w) => w.path === '/api/auth/code')).toHaveLength(2)
    fireEvent.click(within(guidance()).getByRole('button', { name: s.changeEmail }))
    expect(await screen.findByText(s.askEmailAgain)).toBeTruthy()
    expect(within(guidance()).getByText('Provide Your Email')).toBeTruthy()
  }, 15_000)

  it('skips: the chat prompt comes back', async () => {
    const api = captureApi()
    await renderApp('/lena-hart/talk', { fetch: api.fetch, platform: embedPlatform() })
    await screen.findByRole('heading', { level: 2, name: 'Lena Hart' })
    answer('Message Lena Hart', 'Hello')
    await screen.findByText(s.askEmail, {}, { timeout: 4000 })
    fireEvent.click(within(guidance()).getByRole('button', { name: s.skip }))
    expect(await screen.findByText(s.skipped)).toBeTruthy()
    expect(field('Message Lena Hart')).toBeTruthy()
  }, 15_000)
})
