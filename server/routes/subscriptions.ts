import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { ApiErrorBody } from '../../contract'
import {
  ActiveSubscription,
  CancelScheduleRequest,
  CreateSubscriptionRequest,
  CreateSubscriptionResponse,
  MembershipLinkRequest,
  MembershipLinkResponse,
} from '../../contract/billing'
import { requireUser } from '../auth/identity'
import type { PaymentsProvider } from '../billing/payments'
import { toActiveSubscription } from '../billing/subscription-store'
import {
  assertRedirectAllowed,
  setCancelAtPeriodEnd,
  startSubscriptionCheckout,
} from '../billing/subscriptions'
import type { Db } from '../db/client'
import { badRequest } from '../errors'

export interface SubscriptionRoutesOptions {
  db: Db
  payments: PaymentsProvider
  publicUrl: string
}

const errors = {
  400: ApiErrorBody,
  401: ApiErrorBody,
  403: ApiErrorBody,
  404: ApiErrorBody,
  409: ApiErrorBody,
}

/** spec 1 §7 'Subscriptions'. Every call needs a signed-in user (401 otherwise). */
export const subscriptionRoutes: FastifyPluginAsyncZod<SubscriptionRoutesOptions> = async (
  app,
  { db, payments, publicUrl },
) => {
  const allowedOrigins = (request: { protocol: string; host: string }) => [
    new URL(publicUrl).origin,
    `${request.protocol}://${request.host}`,
  ]

  app.post(
    '/api/subscriptions',
    { schema: { body: CreateSubscriptionRequest, response: { 200: CreateSubscriptionResponse, ...errors } } },
    async (request) => {
      const user = requireUser(request)
      const body = request.body
      return startSubscriptionCheckout(db, payments, {
        userId: user.id,
        slug: body.slug,
        membershipId: body.membershipId,
        basis: body.basis,
        redirectUrl: assertRedirectAllowed(body.redirect_url, allowedOrigins(request)),
      })
    },
  )

  /**
   * getCancelMembershipLink: schedules the cancellation at the period end (with the reasons) at once and
   * answers the page to open next, the caller's redirect_url.
   */
  app.post(
    '/api/subscriptions/cancel-link',
    { schema: { body: MembershipLinkRequest, response: { 200: MembershipLinkResponse, ...errors } } },
    async (request) => {
      const user = requireUser(request)
      const url = assertRedirectAllowed(request.body.redirect_url, allowedOrigins(request))
      await setCancelAtPeriodEnd(db, payments, {
        userId: user.id,
        slug: request.body.cloneSlug,
        cancel: true,
        reason: request.body.reason,
      })
      return { url }
    },
  )

  /** getUpdateMembershipLink: a checkout of the other plan; completing it switches the subscription. */
  app.post(
    '/api/subscriptions/update-link',
    { schema: { body: MembershipLinkRequest, response: { 200: MembershipLinkResponse, ...errors } } },
    async (request) => {
      const user = requireUser(request)
      const { membershipId, basis, cloneSlug, redirect_url } = request.body
      if (!membershipId || !basis) throw badRequest('membershipId and basis are required')
      const started = await startSubscriptionCheckout(db, payments, {
        userId: user.id,
        slug: cloneSlug,
        membershipId,
        basis,
        redirectUrl: assertRedirectAllowed(redirect_url, allowedOrigins(request)),
      })
      return { url: started.checkout_url }
    },
  )

  /** deleteScheduledMembershipCancellation: the subscription renews again ('Resumed subscription!'). */
  app.post(
    '/api/subscriptions/resume',
    { schema: { body: CancelScheduleRequest, response: { 200: ActiveSubscription, ...errors } } },
    async (request) => {
      const user = requireUser(request)
      const resumed = await setCancelAtPeriodEnd(db, payments, {
        userId: user.id,
        slug: request.body.cloneSlug,
        cancel: false,
      })
      return toActiveSubscription(resumed)
    },
  )
}
