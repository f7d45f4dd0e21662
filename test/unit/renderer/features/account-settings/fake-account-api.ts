import type { MeResponse, User } from '../../../../../contract/auth'

export const sam = (overrides: Partial<User> = {}): User => ({
  id: '00000000-0000-4000-8000-0000000000a1',
  name: 'Sam Visitor',
  email: 'sam@likeness.test',
  imageUrl: null,
  phoneNumber: null,
  telegramUsername: null,
  language: null,
  staff: false,
  plan: null,
  whitelabeled: false,
  ...overrides,
})

export const signedIn = (user: User = sam()): MeResponse => ({ user, relationships: [] })
export const signedOut: MeResponse = { user: null, relationships: [] }

type Answer = { status: number; body: unknown }
export type Handler = (request: { method: string; path: string; body: unknown }) => Answer | undefined

/** A fake fetch answering by method and path; every request is recorded with its JSON body. */
export function fakeApi(handler: Handler) {
  const requests: { method: string; path: string; body: unknown }[] = []
  const fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost')
    const method = init?.method ?? 'GET'
    const body = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined
    const request = { method, path: url.pathname, body }
    requests.push(request)
    const answer = handler(request) ??
      defaults(request) ?? { status: 404, body: { error: { code: 'not_found', message: 'Not found' } } }
    return new Response(JSON.stringify(answer.body), {
      status: answer.status,
      headers: { 'Content-Type': 'application/json' },
    })
  }
  return { fetch: fetch as typeof globalThis.fetch, requests }
}

function defaults({ method, path }: { method: string; path: string }): Answer | undefined {
  if (method === 'GET' && path === '/api/geo/country') return { status: 200, body: { country: 'US' } }
  if (method === 'POST' && path === '/api/logout') return { status: 200, body: { ok: true } }
  return undefined
}
