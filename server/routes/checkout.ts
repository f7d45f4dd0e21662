import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { checkoutReturnUrl } from '../../contract/billing'
import { cancelCheckout, completeCheckout, findOpenCheckout } from '../billing/subscriptions'
import type { Db } from '../db/client'
import { AppError, notFound } from '../errors'

const SECRET = z.string().regex(/^cs_local_[A-Za-z0-9_-]{20,64}$/)

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!)

export const CHECKOUT_CSS = `body{font-family:system-ui,sans-serif;background:#f4f4f5;margin:0;display:flex;min-height:100vh;align-items:center;justify-content:center}
main{background:#fff;border-radius:12px;padding:32px;max-width:420px;width:100%;box-shadow:0 4px 24px rgba(0,0,0,.08)}
.test{background:#fef3c7;color:#92400e;border:1px solid #f59e0b;border-radius:6px;padding:8px 12px;font-weight:700;text-align:center}
.price{font-size:2rem;font-weight:700;margin:8px 0}
form{display:flex;gap:12px;margin-top:24px}
button{flex:1;padding:12px;border-radius:8px;border:0;font-size:1rem;cursor:pointer}
.pay{background:#111827;color:#fff}.cancel{background:#e5e7eb}`

const usd = (cents: number) => (cents % 100 === 0 ? `${cents / 100}` : (cents / 100).toFixed(2))

/**
 * The embedded local checkout (payments provider 'local'): a small page of ours, in TEST MODE, that
 * activates the subscription without any real payment. The client secret in the address is the only
 * credential, as with a provider's hosted checkout; the form posts back to the same address.
 */
export const checkoutRoutes: FastifyPluginAsyncZod<{ db: Db; publicUrl: string }> = async (
  app,
  { db, publicUrl },
) => {
  // The page's form posts urlencoded; this parser exists only inside this plugin.
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 4096 },
    (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(body as string))),
  )
  app.get('/checkout/assets/checkout.css', async (_request, reply) =>
    reply.type('text/css; charset=utf-8').header('cache-control', 'no-cache').send(CHECKOUT_CSS),
  )

  app.get(
    '/checkout/:clientSecret',
    { schema: { params: z.object({ clientSecret: SECRET }) } },
    async (request, reply) => {
      const found = await findOpenCheckout(db, request.params.clientSecret)
      if (!found) throw notFound('This checkout is over or does not exist')
      const { checkout, membership, clone } = found
      const period = checkout.basis === 'annual' ? 'year' : 'month'
      const action = `/checkout/${checkout.clientSecret}`
      const html = `<!doctype html><html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width,initial-scale=1"><meta name="referrer" content="same-origin">
<title>Checkout — TEST MODE</title><link rel="stylesheet" href="/checkout/assets/checkout.css"></head>
<body><main>
<p class="test">TEST MODE — no real payment</p>
<h1>${escapeHtml(membership.name)}</h1>
<p>${escapeHtml(clone.name)}</p>
<p class="price">$${usd(checkout.amountCents)} <small>USD / ${period}</small></p>
<p>Billed ${checkout.basis === 'annual' ? 'annually' : 'monthly'}.</p>
<form method="post" action="${action}">
<button class="pay" type="submit" name="action" value="pay">Pay $${usd(checkout.amountCents)}</button>
<button class="cancel" type="submit" name="action" value="cancel">Cancel</button>
</form></main></body></html>`
      return reply.type('text/html; charset=utf-8').header('cache-control', 'no-store').send(html)
    },
  )

  app.post(
    '/checkout/:clientSecret',
    {
      schema: {
        params: z.object({ clientSecret: SECRET }),
        body: z.object({ action: z.enum(['pay', 'cancel']) }),
      },
    },
    async (request, reply) => {
      // CSRF: the form is ours; a browser post from another site carries a foreign Origin.
      const origin = request.headers.origin
      const site = request.headers['sec-fetch-site']
      const ours = [`${request.protocol}://${request.host}`, new URL(publicUrl).origin]
      if ((origin && !ours.includes(origin)) || (site && site !== 'same-origin' && site !== 'none')) {
        throw new AppError(403, 'forbidden', 'This request came from another site and was refused')
      }
      const found = await findOpenCheckout(db, request.params.clientSecret)
      if (!found) throw notFound('This checkout is over or does not exist')
      const paid = request.body.action === 'pay'
      if (paid) await completeCheckout(db, found.checkout.id)
      else await cancelCheckout(db, found.checkout.id)
      return reply.redirect(checkoutReturnUrl(found.checkout.redirectUrl, paid ? 'success' : 'canceled'), 303)
    },
  )
}
