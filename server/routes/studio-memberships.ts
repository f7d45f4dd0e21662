import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { ApiErrorBody } from '../../contract'
import { OkResponse } from '../../contract/auth'
import {
  MembershipInput,
  MembershipOrder,
  MembershipPatch,
  StudioMembership,
  StudioMembershipList,
  StudioMonetization,
  StudioMonetizationPatch,
} from '../../contract/studio-run'
import type { Db } from '../db/client'
import { requireCloneTeam } from '../embeds/access'
import {
  createMembership,
  deleteMembership,
  listStudioMemberships,
  monetizationOf,
  reorderMemberships,
  updateMembership,
  updateMonetization,
} from '../studio/memberships'

const errors = { 400: ApiErrorBody, 401: ApiErrorBody, 404: ApiErrorBody, 409: ApiErrorBody }
const SlugParams = z.object({ slug: z.string().min(1).max(100) })
const MembershipParams = SlugParams.extend({ id: z.string().uuid() })

/**
 * The studio's memberships page (issue #16 'Run it'): the clone's plans with prices and quotas, their order
 * on the paywall, and its anonymous quota and upsell title. The CREATOR changes them; a CONTRIBUTOR reads
 * them (requireCloneTeam 'read'); anyone else gets 404, signed out 401.
 */
export const studioMembershipRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.get(
    '/api/studio/:slug/memberships',
    { schema: { params: SlugParams, response: { 200: StudioMembershipList, ...errors } } },
    async (request) => {
      const { clone } = await requireCloneTeam(db, request, request.params.slug, 'read')
      return { memberships: await listStudioMemberships(db, clone.id) }
    },
  )

  app.post(
    '/api/studio/:slug/memberships',
    {
      schema: {
        params: SlugParams,
        body: MembershipInput,
        response: { 201: StudioMembership, ...errors },
      },
    },
    async (request, reply) => {
      const { clone } = await requireCloneTeam(db, request, request.params.slug, 'write')
      return reply.code(201).send(await createMembership(db, clone.id, request.body))
    },
  )

  // Registered before '/:id' reads 'order' as an id (static segments win in Fastify's router anyway).
  app.put(
    '/api/studio/:slug/memberships/order',
    {
      schema: {
        params: SlugParams,
        body: MembershipOrder,
        response: { 200: StudioMembershipList, ...errors },
      },
    },
    async (request) => {
      const { clone } = await requireCloneTeam(db, request, request.params.slug, 'write')
      return { memberships: await reorderMemberships(db, clone.id, request.body.ids) }
    },
  )

  app.patch(
    '/api/studio/:slug/memberships/:id',
    {
      schema: {
        params: MembershipParams,
        body: MembershipPatch,
        response: { 200: StudioMembership, ...errors },
      },
    },
    async (request) => {
      const { clone } = await requireCloneTeam(db, request, request.params.slug, 'write')
      return updateMembership(db, clone.id, request.params.id, request.body)
    },
  )

  app.delete(
    '/api/studio/:slug/memberships/:id',
    { schema: { params: MembershipParams, response: { 200: OkResponse, ...errors } } },
    async (request) => {
      const { clone } = await requireCloneTeam(db, request, request.params.slug, 'write')
      await deleteMembership(db, clone.id, request.params.id)
      return { ok: true as const }
    },
  )

  app.get(
    '/api/studio/:slug/monetization',
    { schema: { params: SlugParams, response: { 200: StudioMonetization, ...errors } } },
    async (request) => {
      const { clone } = await requireCloneTeam(db, request, request.params.slug, 'read')
      return monetizationOf(clone)
    },
  )

  app.patch(
    '/api/studio/:slug/monetization',
    {
      schema: {
        params: SlugParams,
        body: StudioMonetizationPatch,
        response: { 200: StudioMonetization, ...errors },
      },
    },
    async (request) => {
      const { clone } = await requireCloneTeam(db, request, request.params.slug, 'write')
      return updateMonetization(db, clone.id, request.body)
    },
  )
}
