import type { Usage } from '../../../../contract/billing'
import {
  creditFraction,
  creditRingVisible,
  remainingIsLow,
  remainingLabel,
  remainingLineVisible,
} from './billing'
import { billingStrings } from './billing.strings'

const RING_RADIUS = 7
/** The line's height (its 18 px credit ring) and top margin, kept while the usage loads. */
const RESERVED = { height: 18, margin: '4px 0 0' } as const
const RING_LENGTH = 2 * Math.PI * RING_RADIUS

/**
 * A small ring of remaining / quota (spec 1 §6, spec 2 §6: only when the quota is not -1 and email is
 * required). Messages by default; the call screen passes its own label and low rule for voice seconds.
 */
export function CreditRing({
  remaining,
  quota,
  label = billingStrings.creditRing(Math.max(0, remaining), quota),
  low = remainingIsLow(remaining),
}: Readonly<{ remaining: number; quota: number; label?: string; low?: boolean }>) {
  const filled = creditFraction(remaining, quota) * RING_LENGTH
  return (
    <svg width="18" height="18" viewBox="0 0 18 18" role="img" aria-label={label} className="credit-ring">
      <circle cx="9" cy="9" r={RING_RADIUS} fill="none" stroke="var(--gray-a5)" strokeWidth="2" />
      <circle
        cx="9"
        cy="9"
        r={RING_RADIUS}
        fill="none"
        stroke={low ? 'var(--red-9)' : 'var(--accent-9)'}
        strokeWidth="2"
        strokeDasharray={`${filled} ${RING_LENGTH}`}
        transform="rotate(-90 9 9)"
      />
    </svg>
  )
}

/** The prompt footer's 'N Message(s) Remaining' line, red at 3 or fewer (spec 1 §6, §9). */
export function RemainingLine({
  usage,
  requireEmail,
}: Readonly<{ usage: Usage | undefined; requireEmail: boolean }>) {
  const rules = { usage, requireEmail }
  // While the usage loads, the line keeps its place where it will most likely show: nothing moves up and
  // back down under the prompt when it arrives.
  if (!usage)
    return requireEmail ? <p className="remaining-line" aria-hidden="true" style={RESERVED} /> : null
  if (!remainingLineVisible(rules)) return null
  const remaining = usage.remaining.messages
  const low = remainingIsLow(remaining)
  return (
    <p
      className="remaining-line"
      data-low={low || undefined}
      aria-live="polite"
      style={{
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        gap: 6,
        margin: '4px 0 0',
        fontSize: 'var(--font-size-1)',
        color: low ? 'var(--red-11)' : 'var(--gray-11)',
      }}
    >
      {creditRingVisible(rules) ? <CreditRing remaining={remaining} quota={usage.quota.messages} /> : null}
      <span>{remainingLabel(remaining)}</span>
    </p>
  )
}
