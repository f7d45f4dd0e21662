import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { ApiErrorBody, CloneList, CloneProfile } from '../../contract'
import { listPublicClones, loadCloneProfile, requireClone, requireInstance } from '../clones/queries'
import type { Db } from '../db/client'

/** Clone and instance slugs: lowercase letters, digits and dashes, 1 to 64 characters. */
export const Slug = z
  .string()
  .regex(/^[a-z0-9-]{1,64}$/, 'must be 1 to 64 lowercase letters, digits or dashes')

export const cloneRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.get('/api/clones', { schema: { response: { 200: CloneList } } }, async () => ({
    clones: await listPublicClones(db),
  }))

  app.get(
    '/api/clones/:slug',
    {
      schema: {
        params: z.object({ slug: Slug }),
        response: { 200: CloneProfile, 404: ApiErrorBody },
      },
    },
    async (request) => {
      const clone = await requireClone(db, request.params.slug)
      return loadCloneProfile(db, clone, null)
    },
  )

  app.get(
    '/api/clones/:slug/:instanceSlug',
    {
      schema: {
        params: z.object({ slug: Slug, instanceSlug: Slug }),
        response: { 200: CloneProfile, 404: ApiErrorBody },
      },
    },
    async (request) => {
      const clone = await requireClone(db, request.params.slug)
      const instance = await requireInstance(db, clone.id, request.params.instanceSlug)
      return loadCloneProfile(db, clone, instance)
    },
  )
}
