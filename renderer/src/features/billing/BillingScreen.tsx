import { Badge, Button, Card, Flex, Heading, Spinner, Text } from '@radix-ui/themes'
import { useQueries } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { monetizationQuery } from '../../api/billing'
import { exploreLink } from '../../app/clone-links'
import { membershipTarget } from '../../lib/membership-target'
import { AppHeader } from '../../ui/AppHeader'
import { useDocumentTitle } from '../../ui/use-document-title'
import { useCurrentUser } from '../auth/use-auth'
import { formatUsd, priceForBasis } from './billing'
import { billingStrings } from './billing.strings'
import { SignInPrompt } from './MembershipsScreen'

/** /billing: the signed-in user's memberships with a way to manage each; signed out, a prompt to log in. */
export function BillingScreen() {
  useDocumentTitle(billingStrings.billingTitle)
  const { user, loaded, relationships } = useCurrentUser()
  const slugs = [...new Set(relationships.map((r) => r.cloneSlug))]
  const results = useQueries({
    queries: slugs.map((slug) => ({ ...monetizationQuery(slug), enabled: user !== null })),
  })
  const pending = results.some((r) => r.isPending)
  const subscriptions = results.flatMap((r, index) =>
    r.data?.active_subscription
      ? [{ slug: slugs[index] ?? '', subscription: r.data.active_subscription }]
      : [],
  )

  let body: React.ReactNode
  if (!loaded) body = <Spinner aria-label={billingStrings.loading} />
  else if (!user) body = <SignInPrompt />
  else if (pending) body = <Spinner aria-label={billingStrings.loading} />
  else if (subscriptions.length === 0) body = <Text>{billingStrings.noSubscriptions}</Text>
  else {
    body = (
      <Flex direction="column" gap="3" asChild>
        <ul style={{ listStyle: 'none', margin: 0, padding: 0 }}>
          {subscriptions.map(({ slug, subscription }) => {
            const price = priceForBasis(subscription.membership, subscription.basis)
            const date = new Date(subscription.currentPeriodEnd).toLocaleDateString()
            return (
              <li key={subscription.id}>
                <Card>
                  <Flex justify="between" align="center" gap="3">
                    <Flex direction="column" gap="1">
                      <Text weight="bold">{subscription.membership.name}</Text>
                      <Text size="2" color="gray">
                        {slug} · {price === null ? billingStrings.invalidUnit : formatUsd(price)}
                        {subscription.basis === 'annual' ? billingStrings.perYear : billingStrings.perMonth}
                      </Text>
                      <Text size="1" color="gray">
                        {subscription.willCancelAtPeriodEnd
                          ? billingStrings.cancelsAtPeriodEnd(date)
                          : billingStrings.renewsOn(date)}
                      </Text>
                    </Flex>
                    <Flex gap="2" align="center">
                      {subscription.willCancelAtPeriodEnd ? (
                        <Badge color="orange">{billingStrings.cancel}</Badge>
                      ) : null}
                      <Button asChild variant="soft">
                        <Link to="/memberships/$target" params={{ target: membershipTarget(slug) }}>
                          {billingStrings.manage}
                        </Link>
                      </Button>
                    </Flex>
                  </Flex>
                </Card>
              </li>
            )
          })}
        </ul>
      </Flex>
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
