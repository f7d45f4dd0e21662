import { useRouterState } from '@tanstack/react-router'
import { lazy, Suspense } from 'react'
import { CHECKOUT_RETURN_PARAM } from '../../../../contract/billing'

const CheckoutReturn = lazy(() => import('./CheckoutReturn').then((m) => ({ default: m.CheckoutReturn })))

/**
 * Mounted once in the root layout: only an address with `?checkout=` (back from a checkout) loads and runs
 * CheckoutReturn, so billing's code stays out of every other first load.
 */
export function CheckoutReturnHost() {
  const present = useRouterState({
    select: (state) =>
      (state.location.search as Record<string, unknown>)[CHECKOUT_RETURN_PARAM] !== undefined,
  })
  if (!present) return null
  return (
    <Suspense fallback={null}>
      <CheckoutReturn />
    </Suspense>
  )
}
