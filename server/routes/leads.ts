import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { ApiErrorBody } from '../../contract'
import { CaptureLeadRequest, CaptureLeadResponse, LeadList } from '../../contract/embed'
import { claimConversations } from '../auth/claim'
import { requireUser } from '../auth/identity'
import { ownerOf } from '../auth/visitor'
import { requireClone, requireInstance } from '../clones/queries'
import { ensureRelationship } from '../clones/relationships'
import type { Db } from '../db/client'
import { requireCloneTeam } from '../embeds/access'
import { leadsCsv, listLeads, recordLead } from '../embeds/leads'
import { findCloneEmbedConfig } from '../embeds/store'

const errors = { 400: ApiErrorBody, 401: ApiErrorBody, 404: ApiErrorBody }
const SlugParams = z.object({ slug: z.string().min(1).max(100) })

/**
 * Contact capture's end (spec 1 §4 'Contact capture': on completion the visitor's conversation is claimed
 * and the relationship updated) and the creator's leads (issue #14): the list and its CSV download.
 */
export const leadRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.post(
    '/api/capture/lead',
    { schema: { body: CaptureLeadRequest, response: { 200: CaptureLeadResponse, ...errors } } },
    async (request) => {
      const user = requireUser(request)
      const { slug, instanceSlug, configId, conversationId } = request.body
      const clone = await requireClone(db, slug)
      if (instanceSlug) await requireInstance(db, clone.id, instanceSlug)
      // A configuration of another clone (or none at all) is not recorded: the lead still counts.
      const config = configId ? await findCloneEmbedConfig(db, clone.id, configId) : undefined
      const claimed = await claimConversations(db, {
        userId: user.id,
        visitorId: ownerOf(request).visitorId,
        conversationId: conversationId ?? undefined,
        cloneId: clone.id,
      })
      await ensureRelationship(db, user.id, clone.slug)
      const leadId = await recordLead(db, {
        cloneId: clone.id,
        userId: user.id,
        embedConfigId: config?.id ?? null,
      })
      return { claimed, leadId }
    },
  )

  app.get(
    '/api/studio/:slug/leads',
    { schema: { params: SlugParams, response: { 200: LeadList, ...errors } } },
    async (request) => {
      const { clone } = await requireCloneTeam(db, request, request.params.slug, 'read')
      return { leads: await listLeads(db, clone.id) }
    },
  )

  app.get(
    '/api/studio/:slug/leads.csv',
    // No response schema: the answer is CSV (errors before it are JSON from the error handler).
    { schema: { params: SlugParams } },
    async (request, reply) => {
      const { clone } = await requireCloneTeam(db, request, request.params.slug, 'read')
      const csv = leadsCsv(await listLeads(db, clone.id))
      return reply
        .type('text/csv; charset=utf-8')
        .header('cache-control', 'no-store')
        .header('content-disposition', `attachment; filename="${clone.slug}-leads.csv"`)
        .send(csv)
    },
  )
}
