import type { MeResponse, RelationshipType } from '../../../../../contract/auth'

export interface Answer {
  status: number
  body: unknown
}
export interface Sent {
  method: string
  path: string
  body: unknown
}

export const me = (type: RelationshipType | null): MeResponse => ({
  user: {
    id: '00000000-0000-4000-8000-0000000000b1',
    name: 'Lena Hart',
    email: 'lena@likeness.test',
    imageUrl: null,
    phoneNumber: null,
    telegramUsername: null,
    language: null,
    staff: false,
    plan: null,
    whitelabeled: false,
  },
  relationships: type ? [{ id: '00000000-0000-4000-8000-0000000000c1', cloneSlug: 'lena-hart', type }] : [],
})

export const notFoundAnswer: Answer = {
  status: 404,
  body: { error: { code: 'not_found', message: 'Not found' } },
}

/** A fake fetch: `route` answers each request (or 404), and every request is recorded. */
export function fakeApi(route: (sent: Sent) => Answer | undefined) {
  const sent: Sent[] = []
  const fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost')
    const method = init?.method ?? 'GET'
    const body = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined
    const request = { method, path: url.pathname, body }
    sent.push(request)
    const answer = route(request) ?? notFoundAnswer
    return new Response(JSON.stringify(answer.body), {
      status: answer.status,
      headers: { 'Content-Type': 'application/json' },
    })
  }
  return {
    fetch: fetch as typeof globalThis.fetch,
    sent,
    writes: () => sent.filter((s) => s.method !== 'GET'),
  }
}
