import type { CloneProfile } from '../../../../../contract/clone'
import type { SharedVideoCall } from '../../../../../contract/video'
import { fakeCloneApi } from '../../support/fake-api'
import { SIGNED_IN_USER } from '../voice/fake-voice-api'

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } })

export const videoUsage = (
  video: { quota?: number; used?: number; can?: boolean; overage?: boolean } = {},
) => {
  const quota = video.quota ?? 600
  const used = video.used ?? 0
  return {
    usage: { messages: 0, voice_seconds: 0, video_seconds: used },
    quota: { messages: 50, voice_seconds: 600, video_seconds: quota },
    remaining: { messages: 50, voice_seconds: 600, video_seconds: quota === -1 ? -1 : quota - used },
    billing: { is_overage_enabled: video.overage ?? false },
    permissions: { can_send_message: true, can_make_call: true, can_make_video_call: video.can ?? true },
    resetsAt: '2025-02-01T00:00:00.000Z',
  }
}

/** The clone endpoints plus /api/me, usage and the shared video page (the call itself is faked in the store). */
export function fakeVideoApi(
  clones: CloneProfile[],
  options: {
    signedIn?: boolean
    staff?: boolean
    usage?: ReturnType<typeof videoUsage>
    shared?: Record<string, SharedVideoCall>
  } = {},
) {
  const clonesApi = fakeCloneApi(clones)
  const fetch = async (input: RequestInfo | URL): Promise<Response> => {
    const url = new URL(String(input), 'http://localhost')
    if (url.pathname === '/api/me')
      return json(200, {
        user: options.signedIn || options.staff ? { ...SIGNED_IN_USER, staff: options.staff ?? false } : null,
        relationships: [],
      })
    if (url.pathname === '/api/usage') return json(200, options.usage ?? videoUsage())
    const shared = url.pathname.match(/^\/api\/calls\/video\/shared\/([^/]+)$/)
    if (shared) {
      const found = options.shared?.[shared[1] ?? '']
      return found ? json(200, found) : json(404, { error: { code: 'not_found', message: 'Not shared' } })
    }
    return clonesApi.fetch(input)
  }
  return { fetch }
}
