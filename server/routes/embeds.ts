import type { FastifyRequest } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { ApiErrorBody } from '../../contract'
import { OkResponse } from '../../contract/auth'
import {
  EmbedConfig,
  EmbedConfigInput,
  EmbedConfigList,
  EmbedConfigPatch,
  PublicEmbedConfig,
} from '../../contract/embed'
import type { Db } from '../db/client'
import { requireCloneTeam } from '../embeds/access'
import type { OriginContext } from '../embeds/origins'
import {
  createEmbedConfig,
  deleteEmbedConfig,
  findEmbedConfig,
  listEmbedConfigs,
  toEmbedConfig,
  toPublicEmbedConfig,
  updateEmbedConfig,
  type ViewContext,
} from '../embeds/store'
import { notFound } from '../errors'

export interface EmbedRoutesOptions {
  db: Db
  origins: OriginContext
}

const errors = { 400: ApiErrorBody, 401: ApiErrorBody, 404: ApiErrorBody }
const SlugParams = z.object({ slug: z.string().min(1).max(100) })
const ConfigParams = z.object({ slug: z.string().min(1).max(100), id: z.string().max(100) })

/** The origin this request reached, as the product in the iframe sees its own (see embeds/origins.ts). */
export const requestOriginOf = (request: FastifyRequest) => `${request.protocol}://${request.host}`

/**
 * Embed configurations (issue #14): the creator's list, create, change and delete under
 * /api/studio/{slug}/embeds (server/embeds/access.ts says who), and the public read the product makes inside
 * the iframe, GET /api/embed/configs/{id} (404 for an unknown or malformed id).
 */
export const embedRoutes: FastifyPluginAsyncZod<EmbedRoutesOptions> = async (app, { db, origins }) => {
  const view = (request: FastifyRequest): ViewContext => ({
    ...origins,
    requestOrigin: requestOriginOf(request),
  })

  app.get(
    '/api/embed/configs/:id',
    {
      schema: {
        params: z.object({ id: z.string().max(100) }),
        response: { 200: PublicEmbedConfig, 404: ApiErrorBody },
      },
    },
    async (request) => {
      const found = await findEmbedConfig(db, request.params.id)
      if (!found) throw notFound('Embed configuration not found')
      return toPublicEmbedConfig(found.config, found.cloneSlug, view(request))
    },
  )

  app.get(
    '/api/studio/:slug/embeds',
    { schema: { params: SlugParams, response: { 200: EmbedConfigList, ...errors } } },
    async (request) => {
      const { clone } = await requireCloneTeam(db, request, request.params.slug, 'read')
      const rows = await listEmbedConfigs(db, clone.id)
      return { configs: rows.map((row) => toEmbedConfig(row, clone.slug, view(request))) }
    },
  )

  app.post(
    '/api/studio/:slug/embeds',
    { schema: { params: SlugParams, body: EmbedConfigInput, response: { 201: EmbedConfig, ...errors } } },
    async (request, reply) => {
      const { clone } = await requireCloneTeam(db, request, request.params.slug, 'write')
      const row = await createEmbedConfig(db, clone.id, request.body)
      return reply.code(201).send(toEmbedConfig(row, clone.slug, view(request)))
    },
  )

  app.patch(
    '/api/studio/:slug/embeds/:id',
    { schema: { params: ConfigParams, body: EmbedConfigPatch, response: { 200: EmbedConfig, ...errors } } },
    async (request) => {
      const { clone } = await requireCloneTeam(db, request, request.params.slug, 'write')
      const row = await updateEmbedConfig(db, clone.id, request.params.id, request.body)
      if (!row) throw notFound('Embed configuration not found')
      return toEmbedConfig(row, clone.slug, view(request))
    },
  )

  app.delete(
    '/api/studio/:slug/embeds/:id',
    { schema: { params: ConfigParams, response: { 200: OkResponse, ...errors } } },
    async (request) => {
      const { clone } = await requireCloneTeam(db, request, request.params.slug, 'write')
      if (!(await deleteEmbedConfig(db, clone.id, request.params.id)))
        throw notFound('Embed configuration not found')
      return { ok: true as const }
    },
  )
}
