import type { MeResponse, RelationshipType } from '../../../../contract/auth'

/** The signed-in user of the studio pages' tests, with `type` on 'lena-hart' (or no role, or signed out). */
export const studioMe = (type: RelationshipType | null | 'signed-out'): MeResponse =>
  type === 'signed-out'
    ? { user: null, relationships: [] }
    : {
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
        relationships: type
          ? [{ id: '00000000-0000-4000-8000-0000000000c1', cloneSlug: 'lena-hart', type }]
          : [],
      }

export type FakeAnswer = { status: number; body: unknown }

/** A fake fetch answering by method and path ('GET /api/...'); every request is recorded with its body. */
export function fakeStudioApi(answers: (key: string, url: URL) => FakeAnswer | undefined) {
  const requests: { key: string; url: URL; body: unknown }[] = []
  const fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost')
    const key = `${init?.method ?? 'GET'} ${url.pathname}`
    requests.push({ key, url, body: init?.body ? JSON.parse(String(init.body)) : undefined })
    const answer = answers(key, url) ?? { status: 404, body: { error: { code: 'not_found', message: 'x' } } }
    return new Response(JSON.stringify(answer.body), {
      status: answer.status,
      headers: { 'Content-Type': 'application/json' },
    })
  }
  return { fetch: fetch as typeof globalThis.fetch, requests }
}
