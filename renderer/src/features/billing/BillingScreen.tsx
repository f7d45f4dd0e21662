import {
  Badge,
  Button,
  Callout,
  Card,
  Flex,
  Heading,
  Progress,
  Spinner,
  Switch,
  Text,
} from '@radix-ui/themes'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { useId } from 'react'
import { toast } from 'sonner'
import type { BillingOverview, SubscriptionSummary } from '../../../../contract/billing'
import { billingOverviewQuery, billingOverviewQueryKey, setOverage } from '../../api/billing'
import { resolveMediaUrl } from '../../api/client'
import { membershipTarget } from '../../lib/membership-target'
import { exploreLink } from '../../navigation/clone-links'
import { Avatar } from '../../ui/avatar'
import { useDocumentTitle } from '../../ui/use-document-title'
import { useCurrentUser } from '../auth'
import { AppHeader } from '../shell'
import { formatBillingDate, formatUsd, messagesUsage, priceForBasis } from './billing'
import { billingStrings } from './billing.strings'
import { SignInPrompt } from './MembershipsScreen'

/** /billing: the signed-in user's memberships with this month's usage, overage, and a way to manage each. */
export function BillingScreen() {
  useDocumentTitle(billingStrings.billingTitle)
  const { user, loaded } = useCurrentUser()
  const overview = useQuery({ ...billingOverviewQuery(), enabled: user !== null })

  let body: React.ReactNode
  if (!loaded) body = <Spinner role="status" aria-label={billingStrings.loading} />
  else if (!user) body = <SignInPrompt />
  else if (overview.isPending) body = <Spinner role="status" aria-label={billingStrings.loading} />
  else if (overview.isError) {
    body = (
      <Flex direction="column" gap="2" align="start">
        <Text color="red">{billingStrings.loadFailed}</Text>
        <Button variant="soft" onClick={() => void overview.refetch()}>
          {billingStrings.retry}
        </Button>
      </Flex>
    )
  } else {
    const { subscriptions, testMode } = overview.data
    body = (
      <>
        {testMode ? (
          <Callout.Root color="amber" highContrast size="1">
            <Callout.Text>{billingStrings.testMode}</Callout.Text>
          </Callout.Root>
        ) : null}
        {subscriptions.length === 0 ? (
          <Text>{billingStrings.noSubscriptions}</Text>
        ) : (
          <Flex direction="column" gap="3" asChild>
            <ul className="plain-list" aria-label={billingStrings.yourMemberships}>
              {subscriptions.map((subscription) => (
                <li key={subscription.id}>
                  <SubscriptionCard subscription={subscription} />
                </li>
              ))}
            </ul>
          </Flex>
        )}
        {subscriptions.length > 0 ? <OverageSetting overage={overview.data.overage} /> : null}
      </>
    )
  }
  return (
    <>
      <AppHeader />
      <main id="main" className="page">
        <Flex direction="column" gap="4" maxWidth="560px" mx="auto" p="4">
          <Link {...exploreLink()}>{billingStrings.exploreClones}</Link>
          <Heading as="h1" size="6">
            {billingStrings.billingTitle}
          </Heading>
          {body}
        </Flex>
      </main>
    </>
  )
}

function SubscriptionCard({ subscription }: Readonly<{ subscription: SubscriptionSummary }>) {
  const { clone, instance, membership, basis } = subscription
  const price = priceForBasis(membership, basis)
  const date = formatBillingDate(subscription.currentPeriodEnd)
  const name = instance ? `${clone.name} · ${instance.name}` : clone.name
  const messages = messagesUsage(subscription.usage.used.messages, subscription.usage.quota.messages)
  const headingId = useId()
  return (
    <Card asChild>
      <article aria-labelledby={headingId}>
        <Flex direction="column" gap="3">
          <Flex justify="between" align="center" gap="3" wrap="wrap">
            <Flex gap="3" align="center">
              <Avatar
                size="3"
                radius="full"
                src={resolveMediaUrl(clone.imageUrl)}
                fallback={clone.name.slice(0, 1)}
                alt=""
              />
              <Flex direction="column" gap="1">
                <Text weight="bold" id={headingId}>
                  {membership.name} · {name}
                </Text>
                <Text size="2" color="gray">
                  {price === null ? billingStrings.invalidUnit : formatUsd(price)}
                  {basis === 'annual' ? billingStrings.perYear : billingStrings.perMonth}
                </Text>
                <Text size="1" color="gray">
                  {subscription.willCancelAtPeriodEnd
                    ? billingStrings.cancelsAtPeriodEnd(date)
                    : billingStrings.renewsOn(date)}
                </Text>
              </Flex>
            </Flex>
            <Flex gap="2" align="center">
              {subscription.willCancelAtPeriodEnd ? (
                <Badge color="amber">{billingStrings.endsBadge}</Badge>
              ) : null}
              <Button asChild variant="soft">
                <Link
                  to="/memberships/$target"
                  params={{ target: membershipTarget(clone.slug, instance?.slug) }}
                  aria-label={billingStrings.manageFor(name)}
                >
                  {billingStrings.manage}
                </Link>
              </Button>
            </Flex>
          </Flex>
          <Flex direction="column" gap="1">
            <Text size="2">{messages.label}</Text>
            {messages.fraction === null ? null : (
              <Progress
                value={Math.round(messages.fraction * 100)}
                color={messages.over > 0 ? 'amber' : undefined}
                aria-label={messages.label}
              />
            )}
            {messages.over > 0 ? (
              <Text size="1" color="amber">
                {billingStrings.overPlan(messages.over)}
              </Text>
            ) : null}
          </Flex>
        </Flex>
      </article>
    </Card>
  )
}

function OverageSetting({ overage }: Readonly<{ overage: BillingOverview['overage'] }>) {
  const queryClient = useQueryClient()
  const labelId = useId()
  const change = useMutation({
    mutationFn: setOverage,
    onSuccess: (next) => {
      queryClient.setQueryData<BillingOverview>(billingOverviewQueryKey, (old) =>
        old ? { ...old, overage: next } : old,
      )
      // Every clone's remaining line and paywall depend on it.
      void queryClient.invalidateQueries({ queryKey: ['usage'] })
      toast.success(next.enabled ? billingStrings.overageOn : billingStrings.overageOff)
    },
    onError: () => toast.error(billingStrings.overageFailed),
  })
  const checked = change.isPending ? (change.variables ?? overage.enabled) : overage.enabled
  return (
    <Card>
      <Flex justify="between" align="start" gap="4">
        <Flex direction="column" gap="1">
          <Text as="label" weight="bold" id={labelId}>
            {billingStrings.overageTitle}
          </Text>
          <Text size="2" color="gray">
            {overage.available ? billingStrings.overageDescription : billingStrings.overageUnavailable}
          </Text>
        </Flex>
        <Switch
          aria-labelledby={labelId}
          checked={checked}
          disabled={change.isPending || (!overage.available && !overage.enabled)}
          onCheckedChange={(enabled) => change.mutate(enabled)}
        />
      </Flex>
    </Card>
  )
}
