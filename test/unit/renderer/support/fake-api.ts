import type { CloneProfile } from '../../../../contract/clone'
import { cardOf } from './clones'

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } })

/** A fetch that answers the clone endpoints from fixtures, recording every request URL. */
export function fakeCloneApi(clones: CloneProfile[]) {
  const requests: string[] = []
  const fetch = async (input: RequestInfo | URL): Promise<Response> => {
    const url = new URL(String(input), 'http://localhost')
    requests.push(url.pathname)
    if (url.pathname === '/api/clones') return json(200, { clones: clones.map(cardOf) })
    const match = url.pathname.match(/^\/api\/clones\/([^/]+)(?:\/([^/]+))?$/)
    const clone = match && clones.find((c) => c.slug === decodeURIComponent(match[1] ?? ''))
    if (clone && match?.[2]) {
      const instanceSlug = decodeURIComponent(match[2])
      if (instanceSlug === 'clinic') {
        return json(200, {
          ...clone,
          instance: { id: 'inst-1', slug: 'clinic', name: 'Sleep Clinic', imageUrl: null },
        })
      }
    } else if (clone) {
      return json(200, clone)
    }
    return json(404, { error: { code: 'not_found', message: 'No clone here' } })
  }
  return { fetch, requests }
}
