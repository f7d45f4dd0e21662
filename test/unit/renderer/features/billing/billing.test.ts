import { describe, expect, it } from 'vitest'
import type { ActiveSubscription, BillingBasis } from '../../../../../contract/billing'
import type { Membership } from '../../../../../contract/clone'
import {
  USAGE_RETRY_DELAYS_MS,
  usageQuery,
  usageQueryKey,
  usageRetry,
  usageRetryDelay,
} from '../../../../../renderer/src/api/billing'
import {
  afterDeliveredMessage,
  cancellationError,
  creditRingVisible,
  formatMessagesPerMonth,
  formatUsd,
  joinReasons,
  limitReached,
  membershipBenefits,
  offeredMemberships,
  paymentRequiredOpensPaywall,
  planCardAction,
  priceForBasis,
  remainingIsLow,
  remainingLabel,
  remainingLineVisible,
  upsellTitle,
} from '../../../../../renderer/src/features/billing/billing'
import { billingStrings } from '../../../../../renderer/src/features/billing/billing.strings'
import { membership, usage } from './fixtures'

const active = (m: Membership, basis: BillingBasis, willCancelAtPeriodEnd = false): ActiveSubscription => ({
  id: 'sub_1',
  membership: m,
  basis,
  willCancelAtPeriodEnd,
  currentPeriodEnd: '2026-12-01T00:00:00.000Z',
})

describe('usage retries (spec 1 §4 Paywall)', () => {
  it('retries 3 times after 2, 4, then 8 seconds, then fails', () => {
    expect(USAGE_RETRY_DELAYS_MS).toEqual([2000, 4000, 8000])
    expect([0, 1, 2].map(usageRetryDelay)).toEqual([2000, 4000, 8000])
    expect([0, 1, 2, 3].map(usageRetry)).toEqual([true, true, true, false])
    const options = usageQuery('lena-hart', 'clinic')
    expect(options.queryKey).toEqual(['usage', 'lena-hart', 'clinic'])
    expect(usageQueryKey('lena-hart')).toEqual(['usage', 'lena-hart', null])
  })
})

describe('remaining line and credit ring (spec 1 §6, §9)', () => {
  it.each([
    ['shown with a quota', usage(5), true, true],
    ['hidden when overage is on', usage(5, { overage: true }), true, false],
    ['hidden when email is not required', usage(5), false, false],
    ['hidden for quota -1', usage(5, { quota: -1 }), true, false],
    ['hidden when the count is not a number', usage(Number.NaN), true, false],
    ['hidden without usage', undefined, true, false],
  ] as const)('%s', (_label, u, requireEmail, visible) => {
    expect(remainingLineVisible({ usage: u, requireEmail })).toBe(visible)
  })

  it.each([
    [usage(5), true, true],
    [usage(5, { quota: -1 }), true, false],
    [usage(5), false, false],
  ] as const)('credit ring %#', (u, requireEmail, visible) => {
    expect(creditRingVisible({ usage: u, requireEmail })).toBe(visible)
  })

  it.each([
    [1, '1 Message Remaining', true],
    [3, '3 Messages Remaining', true],
    [4, '4 Messages Remaining', false],
    [0, '0 Messages Remaining', true],
  ] as const)('%i remaining reads %s (low: %s)', (n, text, low) => {
    expect(remainingLabel(n)).toBe(text)
    expect(remainingIsLow(n)).toBe(low)
  })

  it('keeps the literal pattern in the strings table', () => {
    expect(billingStrings.remainingPattern).toBe('N Message(s) Remaining')
  })
})

describe('usage after an answer and the limit (spec 1 §4 Chat stream)', () => {
  it('adds 1 to used and subtracts 1 from remaining', () => {
    const next = afterDeliveredMessage(usage(1))
    expect(next.usage.messages).toBe(10)
    expect(next.remaining.messages).toBe(0)
    expect(afterDeliveredMessage(usage(5, { quota: -1 })).remaining.messages).toBe(5)
  })

  it.each([
    ['remaining 0', usage(0), true, true],
    ['remaining 1', usage(1), true, false],
    ['quota -1', usage(0, { quota: -1 }), true, false],
    ['overage on', usage(0, { overage: true }), true, false],
    ['requireEmail false', usage(0), false, false],
    ['no usage', undefined, true, false],
  ] as const)('limit reached: %s', (_label, u, requireEmail, reached) => {
    expect(limitReached({ usage: u, requireEmail })).toBe(reached)
  })

  it.each([
    [{ has_upsell_options: true, memberships: [membership()] }, true, true],
    [{ has_upsell_options: false, memberships: [membership()] }, true, false],
    [{ has_upsell_options: true, memberships: [] }, true, false],
    [{ has_upsell_options: true, memberships: [membership()] }, false, false],
    [undefined, true, false],
  ] as const)('402 opens the paywall %#', (m, requireEmail, opens) => {
    expect(paymentRequiredOpensPaywall(m, requireEmail)).toBe(opens)
  })
})

describe('plan cards (spec 1 §4 Plan card actions, §5 Plan, §9)', () => {
  const plus = membership()
  const pro = membership({ id: '22222222-2222-4222-8222-222222222222', name: 'Pro' })
  const free = membership({ basePrice: 0, annualPrice: 0 })
  it.each([
    ['no subscription, paid', plus, 'monthly', null, 'subscribe'],
    ['no subscription, free', free, 'monthly', null, 'select'],
    ['no subscription, missing price', membership({ annualPrice: null }), 'annual', null, 'select'],
    ['same plan and basis', plus, 'monthly', active(plus, 'monthly'), 'cancel'],
    ['same plan, cancelling at period end', plus, 'monthly', active(plus, 'monthly', true), 'resume'],
    ['same plan, other basis', plus, 'annual', active(plus, 'monthly'), 'switch'],
    ['different plan', pro, 'monthly', active(plus, 'monthly'), 'switch'],
  ] as const)('%s → %s', (_label, m, basis, sub, action) => {
    expect(planCardAction(m, basis, sub)).toBe(action)
  })

  it('prices for the chosen period, null when not offered', () => {
    expect(priceForBasis(plus, 'monthly')).toBe(9)
    expect(priceForBasis(plus, 'annual')).toBe(90)
    expect(priceForBasis(membership({ annualPrice: null }), 'annual')).toBeNull()
  })

  it.each([
    [9, '$9'],
    [9.5, '$9.50'],
    [1200, '$1,200'],
  ] as const)('formats %d as %s', (amount, text) => expect(formatUsd(amount)).toBe(text))

  it.each([
    [500, '500'],
    [99999, '99,999'],
    [100000, 'Unlimited'],
    [-1, 'Unlimited'],
  ] as const)('messages per month %d → %s', (count, text) => expect(formatMessagesPerMonth(count)).toBe(text))

  it('lists the benefits', () => {
    expect(
      membershipBenefits(
        membership({
          smsEnabled: true,
          telegramEnabled: true,
          videoEnabled: true,
          includedVideoMinutesPerMonth: 10,
        }),
      ),
    ).toEqual([
      '500 messages per month',
      '30 voice minutes per month',
      '10 video minutes per month',
      billingStrings.benefitSms,
      billingStrings.benefitTelegram,
    ])
  })

  it('offers active tiers for this instance or the whole clone', () => {
    const tiers = [
      membership({ id: 'a' }),
      membership({ id: 'b', active: false }),
      membership({ id: 'c', instanceId: 'i1' }),
      membership({ id: 'd', instanceId: 'i2' }),
    ]
    expect(offeredMemberships(tiers, 'i1').map((m) => m.id)).toEqual(['a', 'c'])
    expect(offeredMemberships(tiers, null).map((m) => m.id)).toEqual(['a'])
  })
})

describe('cancellation (spec 1 §5)', () => {
  const { 0: first, 1: second } = billingStrings.reasons
  it.each([
    [[], 'one two three four five', billingStrings.selectReason],
    [[first], 'four words only here', billingStrings.fiveWords],
    [[first], '   ', billingStrings.fiveWords],
    [[first], 'it just did not fit', null],
  ] as const)('%j + %s → %s', (checked, additional, error) => {
    expect(cancellationError(checked, additional)).toBe(error)
  })

  it("joins the reasons with '; '", () => {
    expect(joinReasons([first, second], ' it just did not fit ')).toBe(
      `${first}; ${second}; it just did not fit`,
    )
  })
})

describe('upsell title (spec 1 §9)', () => {
  it.each([
    [true, null, "You've used up your available quota for Lena Hart"],
    [true, '  ', "You've used up your available quota for Lena Hart"],
    [true, 'Out of free sessions with {name}, {name}!', 'Out of free sessions with Lena Hart, Lena Hart!'],
    [false, 'Out of free sessions with {name}', billingStrings.upsellDefaultTitle],
    [false, null, billingStrings.upsellDefaultTitle],
  ] as const)('over quota %s with template %j', (overQuota, template, title) => {
    expect(upsellTitle({ template, name: 'Lena Hart', overQuota })).toBe(title)
  })
})
