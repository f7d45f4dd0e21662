import { createChallenge } from 'altcha-lib'
import { deriveKey } from 'altcha-lib/algorithms/sha'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { AltchaPayload } from '../../../../contract/bot-check'
import {
  forgetBotToken,
  prepareBotToken,
  takeBotToken,
  withBotToken,
} from '../../../../renderer/src/api/bot-check'
import { openChatStream } from '../../../../renderer/src/api/chat'
import { ApiError } from '../../../../renderer/src/api/client'
import { sendSignInCode } from '../../../../renderer/src/api/sign-in'
import { setPlatform } from '../../../../renderer/src/platform'
import { createMemoryStorage, createWebPlatform } from '../../../../renderer/src/platform/web'

/*
 * The renderer's bot-protection token (issue #27 part 2): asked of the server, solved ahead while the visitor
 * types, used once, replaced once when refused. No Web Worker in this environment: the solver runs inline.
 */

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } })

const easyChallenge = async () => {
  const created = await createChallenge({
    algorithm: 'SHA-256',
    cost: 1,
    counter: 30,
    deriveKey,
    expiresAt: new Date(Date.now() + 600_000),
    hmacSignatureSecret: 'a',
    hmacKeySignatureSecret: 'b',
  })
  return { parameters: created.parameters, signature: created.signature }
}

/** A server that hands out challenges ('altcha') or says none is needed ('none'). */
function fakeServer(mode: 'altcha' | 'none') {
  const challenges: number[] = []
  const bodies: Record<string, unknown>[] = []
  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const path = new URL(String(input), 'http://localhost').pathname
    if (path === '/api/bot-check/challenge') {
      challenges.push(Date.now())
      return json(200, mode === 'none' ? { mode } : { mode, challenge: await easyChallenge() })
    }
    bodies.push(JSON.parse(String(init?.body)))
    return json(200, { ok: true })
  })
  vi.stubGlobal('fetch', fetch)
  return { fetch, challenges, bodies }
}

const decoded = (token: string | null) =>
  AltchaPayload.parse(JSON.parse(Buffer.from(String(token), 'base64').toString('utf8')))

beforeEach(() => {
  setPlatform(createWebPlatform(createMemoryStorage()))
  forgetBotToken()
})

describe('the bot-protection token', () => {
  it('solves the challenge the server gave, and uses a prepared one once', async () => {
    const server = fakeServer('altcha')
    prepareBotToken()
    prepareBotToken()
    const first = await takeBotToken()
    expect(server.challenges).toHaveLength(1)
    expect(decoded(first).solution.counter).toBe(30)
    // Spent: the next request gets a new challenge.
    const second = await takeBotToken()
    expect(server.challenges).toHaveLength(2)
    expect(second).not.toBe(first)
  })

  it("keeps a 'none' answer (signed in) for the next requests", async () => {
    const server = fakeServer('none')
    prepareBotToken()
    expect(await takeBotToken()).toBeNull()
    expect(await takeBotToken()).toBeNull()
    expect(server.challenges).toHaveLength(1)
  })

  it('sends nothing when no token can be had: the server then says why', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json(500, { error: { code: 'internal', message: 'Internal server error' } })),
    )
    expect(await takeBotToken()).toBeNull()
  })

  it('asks once more with a new token when the server refuses one', async () => {
    const server = fakeServer('altcha')
    let calls = 0
    const send = vi.fn(async (token: string | null) => {
      calls += 1
      if (calls === 1)
        throw new ApiError(403, 'bot_check_failed', 'We could not confirm that you are not a bot.')
      return token
    })
    const used = await withBotToken(send)
    expect(send).toHaveBeenCalledTimes(2)
    expect(decoded(used).solution.counter).toBe(30)
    expect(server.challenges).toHaveLength(2)
    // Another refusal is not retried again.
    const refuse = vi.fn(async () => {
      throw new ApiError(403, 'bot_check_failed', 'no')
    })
    await expect(withBotToken(refuse)).rejects.toThrow('no')
    expect(refuse).toHaveBeenCalledTimes(2)
  })

  it('rides in the sign-in code request and the chat message', async () => {
    const server = fakeServer('altcha')
    await sendSignInCode('ada@example.com')
    expect(decoded(server.bodies[0]!.botToken as string).solution.counter).toBe(30)
    expect(server.bodies[0]).toMatchObject({ email: 'ada@example.com', whitelabel: false })
    const doFetch = vi.fn(async (_input: RequestInfo | URL, init?: RequestInit) => {
      server.bodies.push(JSON.parse(String(init?.body)))
      return new Response('', { status: 200 })
    })
    const answer = await openChatStream(
      { slug: 'lena-hart', text: 'Hi' },
      new AbortController().signal,
      doFetch,
    )
    expect(answer.ok).toBe(true)
    expect(decoded(server.bodies[1]!.botToken as string).solution.counter).toBe(30)
  })

  it('sends the chat message again with a new token when it was refused for its token', async () => {
    fakeServer('altcha')
    const tokens: unknown[] = []
    const doFetch = vi.fn(async (_input: RequestInfo | URL, init?: RequestInit) => {
      tokens.push(JSON.parse(String(init?.body)).botToken)
      return tokens.length === 1
        ? json(403, { error: { code: 'bot_check_failed', message: 'refused' } })
        : new Response('', { status: 200 })
    })
    const answer = await openChatStream(
      { slug: 'lena-hart', text: 'Hi' },
      new AbortController().signal,
      doFetch,
    )
    expect(answer.ok).toBe(true)
    expect(tokens).toHaveLength(2)
    expect(tokens[0]).not.toEqual(tokens[1])
  })
})
