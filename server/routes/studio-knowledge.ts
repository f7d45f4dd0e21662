import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { ApiErrorBody } from '../../contract'
import { OkResponse } from '../../contract/auth'
import {
  AddDocumentSource,
  AddQaSource,
  AddTranscriptSource,
  AddWebSource,
  KnowledgeSource,
  KnowledgeSourceList,
  TestAnswer,
  TestQuestion,
} from '../../contract/studio-knowledge'
import type { BrainSetup } from '../brain/create-brain'
import type { CloneRow } from '../clones/queries'
import type { Db } from '../db/client'
import { requireCloneTeam } from '../embeds/access'
import { badRequest } from '../errors'
import type { KnowledgeReader } from '../studio/knowledge/reader'
import { SOURCE_TEXTS, SourceReadError } from '../studio/knowledge/source-error'
import {
  addDocumentSource,
  addQaSource,
  addTranscriptSource,
  addWebSource,
  findSource,
  listSources,
  removeSource,
  requeueSource,
} from '../studio/knowledge/sources'
import { TEST_ANSWER_TIMEOUT_MS, testAnswer } from '../studio/knowledge/test-answer'
import { checkedAddress, type WebFetchOptions } from '../studio/knowledge/web-page'

export interface StudioKnowledgeOptions {
  db: Db
  reader: KnowledgeReader
  setup: BrainSetup
  /** The web sources' address rule (the reader's too): refused links answer 400 when they are added. */
  web: Pick<WebFetchOptions, 'allowAddress' | 'resolve'>
}

const errors = { 400: ApiErrorBody, 401: ApiErrorBody, 404: ApiErrorBody, 429: ApiErrorBody }
const SlugParams = z.object({ slug: z.string().min(1).max(100) })
const SourceParams = z.object({ slug: z.string().min(1).max(100), id: z.uuid() })

/**
 * The studio's knowledge base (issue #16 'Teach it'; contract/studio-knowledge.ts). The creator and the
 * contributors teach the clone, so every route passes requireCloneTeam's 'read' door; anyone else gets 404
 * (a source id of another clone too), signed out 401. Added sources are read by the reading queue
 * (studio/knowledge/reader.ts); the clone answers from a source once it is 'ready'.
 */
export const studioKnowledgeRoutes: FastifyPluginAsyncZod<StudioKnowledgeOptions> = async (
  app,
  { db, reader, setup, web },
) => {
  app.get(
    '/api/studio/:slug/sources',
    { schema: { params: SlugParams, response: { 200: KnowledgeSourceList, ...errors } } },
    async (request) => {
      const { clone } = await requireCloneTeam(db, request, request.params.slug, 'read')
      return { sources: await listSources(db, clone.id) }
    },
  )

  /** The source as it was queued (the answer says 'queued', however fast the reader is), then read. */
  const queued = async (cloneId: string, id: string) => {
    const source = await findSource(db, cloneId, id)
    reader.enqueue(id)
    return source
  }

  /** POST /api/studio/:slug/sources/<kind>: `add` stores the source and answers its id; 201 with it queued. */
  const addSourceRoute = <Body extends z.core.$ZodType>(
    kind: 'document' | 'web' | 'transcript' | 'qa',
    body: Body,
    add: (clone: CloneRow, userId: string, body: z.output<Body>) => Promise<string>,
  ) =>
    app.post(
      `/api/studio/:slug/sources/${kind}`,
      { schema: { params: SlugParams, body, response: { 201: KnowledgeSource, ...errors } } },
      async (request, reply) => {
        const { user, clone } = await requireCloneTeam(db, request, request.params.slug, 'read')
        // Validated against `body`; the type provider cannot name a generic schema's type.
        const id = await add(clone, user.id, request.body as z.output<Body>)
        return reply.code(201).send(await queued(clone.id, id))
      },
    )

  addSourceRoute('document', AddDocumentSource, (clone, userId, body) =>
    addDocumentSource(db, clone, userId, body),
  )

  addSourceRoute('web', AddWebSource, async (clone, userId, body) => {
    const url = new URL(body.url)
    // A link to a private or local address is refused at once, nothing stored; the reader checks every
    // hop again when it fetches (the name may resolve elsewhere by then).
    try {
      await checkedAddress(url, web.allowAddress, web.resolve)
    } catch (error) {
      const unresolved = error instanceof SourceReadError && error.message === SOURCE_TEXTS.notFound
      if (!unresolved) throw badRequest(error instanceof Error ? error.message : SOURCE_TEXTS.unreachable)
    }
    return addWebSource(db, clone, userId, url.href)
  })

  addSourceRoute('transcript', AddTranscriptSource, (clone, userId, body) =>
    addTranscriptSource(db, clone, userId, body),
  )

  addSourceRoute('qa', AddQaSource, (clone, userId, body) => addQaSource(db, clone, userId, body))

  app.post(
    '/api/studio/:slug/sources/:id/reread',
    { schema: { params: SourceParams, response: { 200: KnowledgeSource, ...errors } } },
    async (request) => {
      const { clone } = await requireCloneTeam(db, request, request.params.slug, 'read')
      await requeueSource(db, clone.id, request.params.id)
      reader.cancel(request.params.id)
      return queued(clone.id, request.params.id)
    },
  )

  app.delete(
    '/api/studio/:slug/sources/:id',
    { schema: { params: SourceParams, response: { 200: OkResponse, ...errors } } },
    async (request) => {
      const { clone } = await requireCloneTeam(db, request, request.params.slug, 'read')
      await removeSource(db, clone.id, request.params.id)
      reader.cancel(request.params.id)
      return { ok: true as const }
    },
  )

  app.post(
    '/api/studio/:slug/test-answer',
    {
      schema: {
        params: SlugParams,
        body: TestQuestion,
        response: { 200: TestAnswer, ...errors, 503: ApiErrorBody },
      },
    },
    async (request, reply) => {
      const { clone } = await requireCloneTeam(db, request, request.params.slug, 'read')
      // Stops the answer (and any model request) when the creator leaves or it takes too long.
      const left = new AbortController()
      reply.raw.once('close', () => left.abort())
      const signal = AbortSignal.any([left.signal, AbortSignal.timeout(TEST_ANSWER_TIMEOUT_MS)])
      return testAnswer(setup, clone, request.body.question, signal)
    },
  )
}
