import { and, eq } from 'drizzle-orm'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { ApiErrorBody } from '../../contract'
import { ownerOf } from '../auth/visitor'
import { decodeAffiliateTarget } from '../chat/affiliate-url'
import { findMessageWithClone } from '../chat/conversation-store'
import { requireClone } from '../clones/queries'
import type { Db } from '../db/client'
import { affiliateClicks, messageAffiliates } from '../db/schema'
import { notFound } from '../errors'
import { recordTrackedEvent } from '../events/store'
import { Slug } from './clones'

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/** spec 1 §2 and §7 'Affiliate': counted redirects, never to a place we did not link. */
export const affiliateRoutes: FastifyPluginAsyncZod<{ db: Db; publicUrl: string }> = async (
  app,
  { db, publicUrl },
) => {
  app.get(
    '/api/affiliate/product/:messageId',
    {
      schema: {
        params: z.object({ messageId: z.string().max(64) }),
        querystring: z.object({ to: z.string().max(8192).optional() }),
        response: { 404: ApiErrorBody },
      },
    },
    async (request, reply) => {
      const { messageId } = request.params
      const target = request.query.to ? decodeAffiliateTarget(request.query.to) : null
      // Only a product card of this very message may be followed: anything else would be an open redirect.
      const found = target && UUID.test(messageId) ? await findMessageWithClone(db, messageId) : undefined
      const [affiliate] =
        found && target
          ? await db
              .select({ url: messageAffiliates.url })
              .from(messageAffiliates)
              .where(and(eq(messageAffiliates.messageId, messageId), eq(messageAffiliates.url, target)))
              .limit(1)
          : []
      if (!found || !affiliate) throw notFound('Affiliate link not found')
      // One click is one CLICK_AFFILIATE_PRODUCT (spec 1 §7 'Tracked events'): counted here, where the click
      // lands, and never sent by the renderer as well.
      await db.transaction(async (tx) => {
        await tx.insert(affiliateClicks).values({ messageId, cloneId: found.cloneId, url: affiliate.url })
        await recordTrackedEvent(tx, {
          cloneId: found.cloneId,
          type: 'CLICK_AFFILIATE_PRODUCT',
          owner: ownerOf(request),
          messageId,
          conversationId: found.message.conversationId,
        })
      })
      return reply.header('cache-control', 'no-store').redirect(affiliate.url, 302)
    },
  )

  // The 'powered by' footer link: the product's directory, tagged with the clone that referred.
  app.get(
    '/api/affiliate/:slug',
    { schema: { params: z.object({ slug: Slug }), response: { 404: ApiErrorBody } } },
    async (request, reply) => {
      const clone = await requireClone(db, request.params.slug)
      const url = `${publicUrl}/explore?ref=${encodeURIComponent(clone.slug)}`
      await db.insert(affiliateClicks).values({ cloneId: clone.id, url })
      return reply.header('cache-control', 'no-store').redirect(url, 302)
    },
  )
}
