import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { ApiErrorBody } from '../../contract'
import { StaffStatus, StaffStatusQuery } from '../../contract/staff'
import type { Config } from '../config'
import type { Db, DbKind } from '../db/client'
import { notFound } from '../errors'
import type { Providers } from '../providers'
import { providerSummary, staffClone, staffCounts } from '../staff/status'

export interface StaffRouteOptions {
  db: Db
  dbKind: DbKind
  config: Config
  providers: Providers
  version: string
  now?: () => Date
}

/**
 * The staff toolbar's facts (spec 1 §6 'Staff: debug entry and a staff toolbar'; issue #15). Anyone who is
 * not staff, signed out included, gets the 404 of an unknown route, so the route's existence is not revealed.
 */
export const staffRoutes: FastifyPluginAsyncZod<StaffRouteOptions> = async (app, options) => {
  const { db, dbKind, config, providers, version, now = () => new Date() } = options
  const summary = providerSummary(config, dbKind, providers)

  app.get(
    '/api/staff/status',
    {
      schema: { querystring: StaffStatusQuery, response: { 200: StaffStatus, 404: ApiErrorBody } },
      // Before validation, so a bad query from a non-staff client answers 404 too, not 400.
      preValidation: async (request) => {
        if (!request.identity.user?.staff) throw notFound('Route not found')
      },
    },
    async (request, reply) => {
      const slug = request.query.slug
      const [counts, clone] = await Promise.all([
        staffCounts(db, now()),
        slug ? staffClone(db, slug) : Promise.resolve(null),
      ])
      reply.header('cache-control', 'no-store')
      return {
        serverVersion: version,
        uptimeSeconds: Math.round(process.uptime()),
        environment: config.NODE_ENV,
        devOutbox: providers.mailer.kind === 'outbox' && config.NODE_ENV !== 'production',
        providers: summary,
        counts,
        clone,
      }
    },
  )
}
