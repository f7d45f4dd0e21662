import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { ApiErrorBody } from '../../contract'
import { BillingOverview, OverageRequest, OverageResponse } from '../../contract/billing'
import { requireUser } from '../auth/identity'
import { billingOverview, setOverage } from '../billing/overview'
import type { PaymentsProvider } from '../billing/payments'
import type { Db } from '../db/client'

/** /billing's data: the signed-in user's subscriptions and the overage setting (401 signed out). */
export const billingRoutes: FastifyPluginAsyncZod<{ db: Db; payments: PaymentsProvider }> = async (
  app,
  { db, payments },
) => {
  app.get(
    '/api/billing',
    { schema: { response: { 200: BillingOverview, 401: ApiErrorBody } } },
    async (request, reply) => {
      const user = requireUser(request)
      reply.header('cache-control', 'no-store')
      return billingOverview(db, payments, user.id)
    },
  )

  app.put(
    '/api/billing/overage',
    {
      schema: {
        body: OverageRequest,
        response: { 200: OverageResponse, 400: ApiErrorBody, 401: ApiErrorBody, 409: ApiErrorBody },
      },
    },
    async (request) => {
      const user = requireUser(request)
      return setOverage(db, payments, user.id, request.body.enabled)
    },
  )
}
