import type { MeResponse, RelationshipType } from '../../../../../contract/auth'
import type { CloneSettings } from '../../../../../contract/studio-clones'

/** The signed-in user of the studio tests, with a relationship to `slug` when a type is given. */
export const me = (type: RelationshipType | null, slug = 'ada-stone'): MeResponse => ({
  user: {
    id: '00000000-0000-4000-8000-0000000000b1',
    name: 'Ada Stone',
    email: 'ada@example.com',
    imageUrl: null,
    phoneNumber: null,
    telegramUsername: null,
    language: null,
    staff: false,
    plan: null,
    whitelabeled: false,
  },
  relationships: type ? [{ id: '00000000-0000-4000-8000-0000000000c1', cloneSlug: slug, type }] : [],
})

export const signedOut: MeResponse = { user: null, relationships: [] }

export const settingsOf = (over: Partial<CloneSettings> = {}): CloneSettings => ({
  slug: 'ada-stone',
  role: 'CREATOR',
  name: 'Ada Stone',
  headline: 'Potter',
  description: null,
  imageUrl: null,
  verified: false,
  public: false,
  socials: {
    instagram: null,
    linkedin: null,
    twitter: null,
    facebook: null,
    youtube: null,
    website: null,
    extras: [],
  },
  phoneNumber: null,
  telegramUsername: null,
  phoneSmsEnabled: false,
  phoneWhatsAppEnabled: false,
  telegramEnabled: false,
  options: {
    requireEmail: true,
    requirePhoneNumber: false,
    suggestQuestions: true,
    warning: true,
    customWarning: null,
    enableImageSending: true,
    autoDial: false,
    enableMultiLanguage: true,
  },
  language: 'en',
  voiceId: null,
  allowVoice: false,
  allowVideo: false,
  faceMarks: null,
  ...over,
})

export interface Call {
  method: string
  path: string
  body: unknown
}

/** A fake server: `answer(method, path, body)` returns status and body; every call is recorded. */
export function fakeApi(
  answer: (method: string, path: string, body: unknown) => { status: number; body: unknown },
) {
  const calls: Call[] = []
  const fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost')
    const method = init?.method ?? 'GET'
    const body = init?.body ? JSON.parse(String(init.body)) : undefined
    const path = url.pathname + url.search
    calls.push({ method, path, body })
    const result = answer(method, path, body)
    return new Response(JSON.stringify(result.body), {
      status: result.status,
      headers: { 'Content-Type': 'application/json' },
    })
  }
  return { fetch: fetch as typeof globalThis.fetch, calls }
}

export const error = (status: number, code: string, message: string) => ({
  status,
  body: { error: { code, message } },
})
