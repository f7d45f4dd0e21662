import { Flex, SegmentedControl, Text } from '@radix-ui/themes'
import { useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { toast } from 'sonner'
import type { BillingBasis, Monetization } from '../../../../contract/billing'
import type { Membership } from '../../../../contract/clone'
import {
  billingOverviewQueryKey,
  createSubscription,
  getCancelMembershipLink,
  getUpdateMembershipLink,
  monetizationQueryKey,
  resumeSubscription,
} from '../../api/billing'
import { useUserType } from '../auth'
import { offeredMemberships, type PlanCardAction } from './billing'
import { billingStrings } from './billing.strings'
import { CancellationDialog } from './CancellationDialog'
import { PlanCard } from './PlanCard'

export interface PlanPickerTarget {
  slug: string
  instanceId: string | null
}

/** Where the browser goes; a seam so tests can watch it. */
export const navigation = {
  assign: (url: string) => window.location.assign(url),
  openTab: (url: string) => void window.open(url, '_blank', 'noopener'),
  currentUrl: () => window.location.href,
}

/** The tier selection with its monthly/yearly toggle and the card actions (paywall and /memberships). */
export function PlanPicker({
  target,
  monetization,
}: Readonly<{ target: PlanPickerTarget; monetization: Monetization }>) {
  const queryClient = useQueryClient()
  const active = monetization.active_subscription
  const [basis, setBasis] = useState<BillingBasis>(active?.basis ?? 'monthly')
  const [busy, setBusy] = useState(false)
  const [cancelling, setCancelling] = useState(false)
  const plans = offeredMemberships(monetization.memberships, target.instanceId)
  // spec 1 §6: CREATOR (admin) and CONTRIBUTOR (collab) cannot subscribe to their own clone.
  const userType = useUserType(target.slug)
  const ownClone = userType === 'admin' || userType === 'collab'

  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: monetizationQueryKey(target.slug) }),
      queryClient.invalidateQueries({ queryKey: billingOverviewQueryKey }),
    ])

  const run = async (work: () => Promise<void>, failure: string) => {
    setBusy(true)
    try {
      await work()
    } catch {
      toast.error(failure)
    } finally {
      setBusy(false)
    }
  }

  const onAction = (membership: Membership, action: PlanCardAction) => {
    switch (action) {
      case 'subscribe':
      case 'select':
        void run(async () => {
          const { checkout_url } = await createSubscription({
            redirect_url: navigation.currentUrl(),
            membershipId: membership.id,
            slug: target.slug,
            basis,
          })
          navigation.assign(checkout_url)
        }, billingStrings.failedToCreate)
        return
      case 'resume':
        void run(async () => {
          await resumeSubscription({ cloneSlug: target.slug, instanceId: target.instanceId })
          toast.success(billingStrings.resumed)
          await refresh()
        }, billingStrings.actionFailed)
        return
      case 'switch':
        void run(async () => {
          const { url } = await getUpdateMembershipLink({
            cloneSlug: target.slug,
            instanceId: target.instanceId,
            redirect_url: navigation.currentUrl(),
            membershipId: membership.id,
            basis,
          })
          navigation.openTab(url)
        }, billingStrings.actionFailed)
        return
      case 'cancel':
        setCancelling(true)
        return
    }
  }

  const cancel = (reason: string) =>
    void run(async () => {
      const { url } = await getCancelMembershipLink({
        cloneSlug: target.slug,
        instanceId: target.instanceId,
        redirect_url: navigation.currentUrl(),
        reason,
      })
      setCancelling(false)
      await refresh()
      // The cancellation is scheduled already; a provider's own page (not this one) opens beside it.
      if (url !== navigation.currentUrl()) navigation.openTab(url)
    }, billingStrings.actionFailed)

  return (
    <Flex direction="column" gap="3">
      <Flex justify="center">
        <SegmentedControl.Root
          value={basis}
          onValueChange={(value) => setBasis(value as BillingBasis)}
          aria-label={billingStrings.billingPeriod}
        >
          <SegmentedControl.Item value="monthly">{billingStrings.monthly}</SegmentedControl.Item>
          <SegmentedControl.Item value="annual">{billingStrings.yearly}</SegmentedControl.Item>
        </SegmentedControl.Root>
      </Flex>
      {plans.length === 0 ? (
        <Text size="2" color="gray">
          {billingStrings.upsellDescription}
        </Text>
      ) : (
        plans.map((membership) => (
          <PlanCard
            key={membership.id}
            membership={membership}
            basis={basis}
            active={active}
            busy={busy}
            ownClone={ownClone}
            onAction={onAction}
          />
        ))
      )}
      <CancellationDialog open={cancelling} busy={busy} onOpenChange={setCancelling} onSubmit={cancel} />
    </Flex>
  )
}
