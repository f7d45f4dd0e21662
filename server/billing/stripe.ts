import { createHmac } from 'node:crypto'
import { sameSecret } from '../auth/constant-time'
import type { PaymentsProvider } from './payments'

export const STRIPE_API_BASE = 'https://api.stripe.com/v1'
export const SIGNATURE_TOLERANCE_S = 300

export class StripeError extends Error {
  constructor(
    readonly path: string,
    readonly status: number,
    readonly code: string | null,
  ) {
    super(`Stripe ${path} answered ${status}${code ? ` (${code})` : ''}`)
    this.name = 'StripeError'
  }
}

async function stripeRequest(
  options: { secretKey: string; baseUrl?: string },
  path: string,
  form: Record<string, string>,
  method: 'POST' | 'DELETE' = 'POST',
): Promise<Record<string, unknown>> {
  const params = new URLSearchParams(form)
  // Like Stripe's own libraries: a DELETE carries its parameters in the query string.
  const url = `${options.baseUrl ?? STRIPE_API_BASE}${path}${method === 'DELETE' ? `?${params}` : ''}`
  const res = await fetch(url, {
    method,
    headers: {
      authorization: `Bearer ${options.secretKey}`,
      ...(method === 'POST' ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
    },
    ...(method === 'POST' ? { body: params } : {}),
    signal: AbortSignal.timeout(15_000),
  })
  const body = (await res.json().catch(() => ({}))) as Record<string, unknown>
  if (!res.ok) {
    const error = body.error as { code?: unknown } | undefined
    throw new StripeError(path, res.status, typeof error?.code === 'string' ? error.code : null)
  }
  return body
}

/** Stripe Checkout Sessions (mode subscription) over the REST API, no SDK. */
export function createStripePayments(options: { secretKey: string; baseUrl?: string }): PaymentsProvider {
  return {
    kind: 'stripe',
    async startCheckout(input) {
      const session = await stripeRequest(options, '/checkout/sessions', {
        mode: 'subscription',
        success_url: input.successUrl,
        cancel_url: input.cancelUrl,
        client_reference_id: input.checkoutId,
        ...(input.customerId ? { customer: input.customerId } : { customer_email: input.customerEmail }),
        'metadata[checkout_id]': input.checkoutId,
        'subscription_data[metadata][checkout_id]': input.checkoutId,
        'line_items[0][quantity]': '1',
        'line_items[0][price_data][currency]': 'usd',
        'line_items[0][price_data][unit_amount]': String(input.amountCents),
        'line_items[0][price_data][recurring][interval]': input.basis === 'annual' ? 'year' : 'month',
        'line_items[0][price_data][product_data][name]': `${input.cloneName} — ${input.membershipName}`,
      })
      if (typeof session.id !== 'string' || typeof session.url !== 'string') {
        throw new Error('Stripe answered a checkout session without id or url')
      }
      return { checkoutUrl: session.url, providerSessionId: session.id }
    },
    async setCancelAtPeriodEnd(providerSubscriptionId, cancel) {
      if (!providerSubscriptionId) return
      await stripeRequest(options, `/subscriptions/${encodeURIComponent(providerSubscriptionId)}`, {
        cancel_at_period_end: String(cancel),
      })
    },
    async cancelNow(providerSubscriptionId) {
      try {
        await stripeRequest(
          options,
          `/subscriptions/${encodeURIComponent(providerSubscriptionId)}`,
          { prorate: 'true' },
          'DELETE',
        )
      } catch (error) {
        // Already canceled or deleted at Stripe: the goal is reached.
        if (error instanceof StripeError && error.status === 404) return
        throw error
      }
    },
  }
}

/** A Stripe-Signature header value for a payload (tests, and the scheme in one place). */
export function stripeSignature(payload: string, secret: string, timestamp: number): string {
  const v1 = createHmac('sha256', secret).update(`${timestamp}.${payload}`).digest('hex')
  return `t=${timestamp},v1=${v1}`
}

/**
 * Verifies a Stripe-Signature header (t=...,v1=...) over the raw body: HMAC-SHA256 of
 * `${t}.${rawBody}` with the endpoint secret, any v1 matching, t within the tolerance.
 */
export function verifyStripeSignature(
  rawBody: string,
  header: string | undefined,
  secret: string,
  nowS = Math.floor(Date.now() / 1000),
  toleranceS = SIGNATURE_TOLERANCE_S,
): boolean {
  if (!header) return false
  const parts = header.split(',').map((p) => p.trim().split('='))
  const t = Number(parts.find(([k]) => k === 't')?.[1])
  const signatures = parts.filter(([k]) => k === 'v1').map(([, v]) => v ?? '')
  if (!Number.isInteger(t) || signatures.length === 0) return false
  if (Math.abs(nowS - t) > toleranceS) return false
  const expected = createHmac('sha256', secret).update(`${t}.${rawBody}`).digest('hex')
  return signatures.some((s) => sameSecret(s, expected))
}
