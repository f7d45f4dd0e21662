import { Badge, Button, Card, Flex, Heading, Text } from '@radix-ui/themes'
import type { ActiveSubscription, BillingBasis } from '../../../../contract/billing'
import type { Membership } from '../../../../contract/clone'
import {
  formatBillingDate,
  formatUsd,
  membershipBenefits,
  type PlanCardAction,
  planActionLabel,
  planCardAction,
  priceForBasis,
  subscribesTo,
} from './billing'
import { billingStrings } from './billing.strings'

/** One membership tier (spec 1 §4 'Plan card actions', §5 'Plan', §9). */
export function PlanCard({
  membership,
  basis,
  active,
  busy,
  ownClone,
  onAction,
}: Readonly<{
  membership: Membership
  basis: BillingBasis
  active: ActiveSubscription | null
  busy: boolean
  /** The viewer is the clone's CREATOR or CONTRIBUTOR. */
  ownClone: boolean
  onAction: (membership: Membership, action: PlanCardAction) => void
}>) {
  const price = priceForBasis(membership, basis)
  const action = planCardAction(membership, basis, active)
  const current = active?.membership.id === membership.id && active.basis === basis
  return (
    <Card asChild>
      <article aria-label={membership.name}>
        <Flex direction="column" gap="2">
          <Flex justify="between" align="center" gap="2">
            <Heading as="h3" size="3">
              {membership.name}
            </Heading>
            {current ? <Badge color="green">{billingStrings.currentPlan}</Badge> : null}
          </Flex>
          {price === null ? (
            <Text color="red" size="2" role="alert">
              {billingStrings.invalidUnit}
            </Text>
          ) : (
            <Text size="5" weight="bold">
              {price > 0 ? formatUsd(price) : billingStrings.free}
              {price > 0 ? (
                <Text size="2" weight="regular" color="gray">
                  {basis === 'annual' ? billingStrings.perYear : billingStrings.perMonth}
                </Text>
              ) : null}
            </Text>
          )}
          {membership.customDescription ? (
            <Text size="2" color="gray">
              {membership.customDescription}
            </Text>
          ) : null}
          <ul style={{ margin: 0, paddingInlineStart: 18 }}>
            {membershipBenefits(membership).map((benefit) => (
              <li key={benefit}>
                <Text size="2">{benefit}</Text>
              </li>
            ))}
          </ul>
          {current && active?.willCancelAtPeriodEnd ? (
            <Text size="1" color="gray">
              {billingStrings.cancelsAtPeriodEnd(formatBillingDate(active.currentPeriodEnd))}
            </Text>
          ) : null}
          {ownClone && subscribesTo(action) ? (
            <Text size="2" color="gray" role="note">
              {billingStrings.ownClone}
            </Text>
          ) : (
            <Button
              disabled={busy || price === null}
              variant={action === 'cancel' ? 'soft' : 'solid'}
              color={action === 'cancel' ? 'red' : undefined}
              onClick={() => onAction(membership, action)}
            >
              {planActionLabel(action)}
            </Button>
          )}
        </Flex>
      </article>
    </Card>
  )
}
