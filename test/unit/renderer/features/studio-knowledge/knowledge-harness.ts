import type { MeResponse, RelationshipType } from '../../../../../contract/auth'
import type { KnowledgeSource, TestAnswer } from '../../../../../contract/studio-knowledge'
import { KnowledgeRoute } from '../../../../../renderer/src/features/studio-knowledge/KnowledgeScreen'
import { lenaHart } from '../../support/clones'
import { renderAtRoute } from '../../support/route-harness'

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

export const signedOut = { user: null, relationships: [] } as unknown as MeResponse

let ids = 0
export const uuid = () => `00000000-0000-4000-8000-${String(++ids).padStart(12, '0')}`

export const source = (overrides: Partial<KnowledgeSource> = {}): KnowledgeSource => ({
  id: uuid(),
  kind: 'document',
  type: 'File',
  title: 'Sleep handbook',
  url: '/api/uploads/files/key-1/sleep-handbook.pdf',
  state: 'ready',
  error: null,
  fileName: 'sleep-handbook.pdf',
  question: null,
  answer: null,
  characters: 12_345,
  passages: 14,
  createdAt: '2026-11-20T10:00:00.000Z',
  readAt: '2026-11-20T10:00:05.000Z',
  ...overrides,
})

export interface Answer {
  status: number
  body: unknown
}

export const json = ({ status, body }: Answer) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } })

export const refusal = (status: number, message: string): Answer => ({
  status,
  body: { error: { code: status === 404 ? 'not_found' : 'bad_request', message } },
})

/**
 * A fake server of the knowledge endpoints keeping its list. `onList` may answer a GET differently (an
 * error, a source changing state); `onAdd` a POST to /sources/{kind}; `onTest` the test question, which
 * may also be held until the test releases it.
 */
export function knowledgeApi(initial: KnowledgeSource[] = []) {
  let list = [...initial]
  const requests: { method: string; path: string; body: unknown }[] = []
  const hooks: {
    onList?: (n: number) => Answer | undefined
    onAdd?: (kind: string, body: unknown) => Answer | undefined
    onTest?: (body: unknown) => Answer | Promise<Answer>
    onReread?: (id: string) => Answer | undefined
    onRemove?: (id: string) => Answer | undefined
  } = {}
  let lists = 0
  const base = '/api/studio/lena-hart'
  const fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost')
    const method = init?.method ?? 'GET'
    const body = init?.body ? JSON.parse(String(init.body)) : undefined
    const path = url.pathname
    if (path.startsWith(base)) requests.push({ method, path: path.slice(base.length), body })
    if (path === `${base}/sources` && method === 'GET') {
      lists += 1
      return json(hooks.onList?.(lists) ?? { status: 200, body: { sources: list } })
    }
    const add = path.match(/^\/api\/studio\/lena-hart\/sources\/(document|web|transcript|qa)$/)
    if (add && method === 'POST') {
      const answer = hooks.onAdd?.(add[1] as string, body)
      if (answer) return json(answer)
      const created = source({
        kind: add[1] as KnowledgeSource['kind'],
        type: add[1] === 'web' ? 'Website' : add[1] === 'transcript' ? body.type : 'File',
        title: body.title ?? body.question ?? body.url ?? 'New document',
        url: body.url ?? null,
        question: body.question ?? null,
        answer: body.answer ?? null,
        fileName: add[1] === 'document' ? 'new-document.pdf' : null,
        state: 'queued',
        characters: 0,
        passages: 0,
        readAt: null,
      })
      list = [created, ...list]
      return json({ status: 201, body: created })
    }
    const reread = path.match(/^\/api\/studio\/lena-hart\/sources\/([^/]+)\/reread$/)
    if (reread && method === 'POST') {
      const id = reread[1] as string
      const answer = hooks.onReread?.(id)
      if (answer) return json(answer)
      list = list.map((s) => (s.id === id ? { ...s, state: 'queued', error: null } : s))
      return json({ status: 200, body: list.find((s) => s.id === id) })
    }
    const one = path.match(/^\/api\/studio\/lena-hart\/sources\/([^/]+)$/)
    if (one && method === 'DELETE') {
      const id = one[1] as string
      const answer = hooks.onRemove?.(id)
      if (answer) return json(answer)
      list = list.filter((s) => s.id !== id)
      return json({ status: 200, body: { ok: true } })
    }
    if (path === `${base}/test-answer` && method === 'POST') {
      return json((await hooks.onTest?.(body)) ?? { status: 200, body: { text: 'No idea.', citations: [] } })
    }
    return json({ status: 404, body: { error: { code: 'not_found', message: 'Not found' } } })
  }
  return {
    fetch: fetch as typeof globalThis.fetch,
    requests,
    hooks,
    /** GETs of the list so far. */
    lists: () => lists,
    setList: (next: KnowledgeSource[]) => {
      list = next
    },
    sent: (method: string, path: string) =>
      requests.filter((r) => r.method === method && r.path === path).map((r) => r.body),
  }
}

export type KnowledgeApi = ReturnType<typeof knowledgeApi>

export const openKnowledge = (who: MeResponse, fake: KnowledgeApi = knowledgeApi()) =>
  renderAtRoute(KnowledgeRoute, {
    path: '/studio/$slug/knowledge',
    url: '/studio/lena-hart/knowledge',
    me: who,
    clone: lenaHart(),
    fetch: fake.fetch,
  }).then((view) => ({ ...view, fake }))

/** The test answer of a question, for the test box. */
export const testAnswer = (answer: TestAnswer): Answer => ({ status: 200, body: answer })
