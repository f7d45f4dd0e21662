import { eq } from 'drizzle-orm'
import { expect } from 'vitest'
import {
  type KnowledgeSource,
  KnowledgeSourceList,
  type SourceState,
  TestAnswer,
} from '../../contract/studio-knowledge'
import type { App } from '../../server/app'
import type { Db } from '../../server/db/client'
import { uploads } from '../../server/db/schema'
import { eventually } from '../support/eventually'
import { uploadFile } from './upload-helpers'

/** The studio knowledge routes of one clone, as a signed-in team member calls them (issue #16). */
export function knowledgeClient(app: App, slug: string) {
  const base = `/api/studio/${slug}`
  return {
    list: (cookie: string) => app.inject({ url: `${base}/sources`, headers: { cookie } }),
    add: (cookie: string, kind: 'document' | 'web' | 'transcript' | 'qa', payload: object) =>
      app.inject({ method: 'POST', url: `${base}/sources/${kind}`, headers: { cookie }, payload }),
    reread: (cookie: string, id: string) =>
      app.inject({ method: 'POST', url: `${base}/sources/${id}/reread`, headers: { cookie } }),
    remove: (cookie: string, id: string) =>
      app.inject({ method: 'DELETE', url: `${base}/sources/${id}`, headers: { cookie } }),
    ask: (cookie: string, question: string) =>
      app.inject({ method: 'POST', url: `${base}/test-answer`, headers: { cookie }, payload: { question } }),
  }
}

export type KnowledgeClient = ReturnType<typeof knowledgeClient>

export async function sourcesOf(client: KnowledgeClient, cookie: string): Promise<KnowledgeSource[]> {
  const res = await client.list(cookie)
  expect(res.statusCode, res.body).toBe(200)
  return KnowledgeSourceList.parse(res.json()).sources
}

/** Waits until the source reaches `state` (ready or failed), failing at once on the other end state. */
export function whenSettled(
  client: KnowledgeClient,
  cookie: string,
  id: string,
  state: Extract<SourceState, 'ready' | 'failed'>,
  timeout?: number,
): Promise<KnowledgeSource> {
  return eventually(
    async () => {
      const source = (await sourcesOf(client, cookie)).find((s) => s.id === id)
      expect(source, 'the source is listed').toBeDefined()
      expect(source!.state, source!.error ?? '').toBe(state)
      return source!
    },
    timeout ? { timeout, interval: 50 } : { interval: 25 },
  )
}

export async function askClone(
  client: KnowledgeClient,
  cookie: string,
  question: string,
): Promise<TestAnswer> {
  const res = await client.ask(cookie, question)
  expect(res.statusCode, res.body).toBe(200)
  return TestAnswer.parse(res.json())
}

/** Uploads a file as the client does and answers its upload id (what AddDocumentSource names). */
export async function uploadId(app: App, db: Db, cookie: string, fileName: string, bytes: Buffer) {
  const url = await uploadFile(app, { cookie }, fileName, bytes)
  const fileKey = /\/api\/uploads\/files\/([^/]+)\//.exec(url)![1]!
  const [row] = await db.select({ id: uploads.id }).from(uploads).where(eq(uploads.fileKey, fileKey))
  return row!.id
}
