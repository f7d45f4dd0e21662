import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { ApiErrorBody } from '../../contract'
import { Monetization, Usage, UsageQuery } from '../../contract/billing'
import { ownerOf } from '../auth/visitor'
import { usageView } from '../billing/quota'
import {
  activeMemberships,
  findActiveSubscription,
  toActiveSubscription,
} from '../billing/subscription-store'
import { allowanceOf } from '../billing/usage'
import { requireClone, requireInstance, toMembership } from '../clones/queries'
import type { Db } from '../db/client'
import { Slug } from './clones'

/** spec 1 §3 'Usage' and 'Monetization' (fetchUsage; the paywall's plans). */
export const usageRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.get(
    '/api/usage',
    { schema: { querystring: UsageQuery, response: { 200: Usage, 404: ApiErrorBody } } },
    async (request, reply) => {
      const { slug, instanceSlug } = request.query
      const clone = await requireClone(db, slug)
      const instanceId = instanceSlug ? (await requireInstance(db, clone.id, instanceSlug)).id : null
      const now = new Date()
      const allowance = await allowanceOf(db, clone, ownerOf(request), instanceId, now)
      reply.header('cache-control', 'no-store')
      return usageView(allowance.quota, allowance.used, allowance.overage, now)
    },
  )

  app.get(
    '/api/clones/:slug/monetization',
    { schema: { params: z.object({ slug: Slug }), response: { 200: Monetization, 404: ApiErrorBody } } },
    async (request, reply) => {
      const clone = await requireClone(db, request.params.slug)
      const userId = request.identity.user?.id ?? null
      const [rows, active] = await Promise.all([
        activeMemberships(db, clone.id),
        userId ? findActiveSubscription(db, userId, clone.id) : undefined,
      ])
      reply.header('cache-control', 'no-store')
      return {
        anonymous_quota: {
          messages: clone.anonymousQuota.messages,
          voice_minutes: clone.anonymousQuota.voiceMinutes,
          video_minutes: clone.anonymousQuota.videoMinutes,
        },
        has_upsell_options: rows.some((m) => (m.basePrice ?? 0) > 0 || (m.annualPrice ?? 0) > 0),
        memberships: rows.map(toMembership),
        active_subscription: active ? toActiveSubscription(active) : null,
      }
    },
  )
}
