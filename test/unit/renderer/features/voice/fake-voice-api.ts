import type { CallBundle } from '../../../../../contract/calls'
import type { CloneProfile } from '../../../../../contract/clone'
import { fakeCloneApi } from '../../support/fake-api'

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } })

export const SIGNED_IN_USER = {
  id: '33333333-3333-4333-8333-333333333333',
  name: 'Ada',
  email: 'ada@example.com',
  imageUrl: null,
  phoneNumber: null,
  telegramUsername: null,
  language: null,
  staff: false,
  plan: null,
  whitelabeled: false,
}

export const voiceUsage = (voice: {
  quota?: number
  remaining?: number
  can?: boolean
  overage?: boolean
}) => {
  const quota = voice.quota ?? 600
  const remaining = voice.remaining ?? quota
  return {
    usage: { messages: 0, voice_seconds: Math.max(0, quota - remaining), video_seconds: 0 },
    quota: { messages: 50, voice_seconds: quota, video_seconds: 0 },
    remaining: { messages: 50, voice_seconds: remaining, video_seconds: 0 },
    billing: { is_overage_enabled: voice.overage ?? false },
    permissions: {
      can_send_message: true,
      can_make_call: voice.can ?? (quota === -1 || remaining > 0),
      can_make_video_call: false,
    },
    resetsAt: '2025-02-01T00:00:00.000Z',
  }
}

/** The clone endpoints plus /api/me, usage, monetization and the call bundle (the call itself is faked in the store). */
export function fakeVoiceApi(
  clones: CloneProfile[],
  options: {
    signedIn?: boolean
    usage?: ReturnType<typeof voiceUsage>
    bundles?: CallBundle[]
    bundleStatus?: number
    /** GET /api/clone/talk/shared/:shareId answers. */
    shared?: Record<string, unknown>
  } = {},
) {
  const clonesApi = fakeCloneApi(clones)
  const requests: string[] = []
  const fetch = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const url = new URL(String(input), 'http://localhost')
    requests.push(`${init?.method ?? 'GET'} ${url.pathname}`)
    if (url.pathname === '/api/me')
      return json(200, { user: options.signedIn ? SIGNED_IN_USER : null, relationships: [] })
    if (url.pathname === '/api/usage') return json(200, options.usage ?? voiceUsage({}))
    if (url.pathname.endsWith('/monetization'))
      return json(200, {
        anonymous_quota: { messages: 5, voice_minutes: 10, video_minutes: 0 },
        has_upsell_options: false,
        memberships: [],
        active_subscription: null,
      })
    const shared = url.pathname.match(/^\/api\/clone\/talk\/shared\/([^/]+)$/)
    if (shared) {
      const found = options.shared?.[shared[1] ?? '']
      return found ? json(200, found) : json(404, { error: { code: 'not_found', message: 'Not shared' } })
    }
    const bundle = url.pathname.match(/^\/api\/calls\/voice\/by-conversation\/([^/]+)$/)
    if (bundle) {
      if (options.bundleStatus)
        return json(options.bundleStatus, { error: { code: 'internal', message: 'x' } })
      const found = options.bundles?.find((b) => b.conversationId === bundle[1])
      return found ? json(200, found) : json(404, { error: { code: 'not_found', message: 'No call' } })
    }
    return clonesApi.fetch(input)
  }
  return { fetch, requests }
}
