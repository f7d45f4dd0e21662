import { Button, Callout, Card, Flex, Heading, Spinner, Text, Link as ThemeLink } from '@radix-ui/themes'
import { useQuery } from '@tanstack/react-query'
import { Link, useParams, useSearch } from '@tanstack/react-router'
import { monetizationQuery } from '../../api/billing'
import { cloneQuery } from '../../api/clones'
import { parseMembershipTarget } from '../../lib/membership-target'
import { profileLink } from '../../navigation/clone-links'
import { openDialog } from '../../navigation/dialogs.store'
import { useDocumentTitle } from '../../ui/use-document-title'
import { useCurrentUser } from '../auth'
import { AppHeader } from '../shell'
import { billingStrings } from './billing.strings'
import { embedOrigin, useEmbedHandoff } from './embed-handoff'
import { PlanPicker } from './PlanPicker'

/**
 * /memberships/{instanceSlug@cloneSlug or cloneSlug}?origin=...&token=...: a clone's tiers with the plan
 * card actions, opened in a new tab (from an embed, `token` signs the visitor in and `origin` is the page
 * to go back to).
 */
export function MembershipsScreen() {
  const { target } = useParams({ strict: false }) as { target?: string }
  const search = useSearch({ strict: false }) as { origin?: unknown; token?: unknown }
  const { slug, instanceSlug } = parseMembershipTarget(target ?? '')
  const clone = useQuery(cloneQuery(slug, instanceSlug))
  const handoff = useEmbedHandoff(search.token)
  const origin = embedOrigin(search.origin)
  const { user, loaded } = useCurrentUser()
  const monetization = useQuery({ ...monetizationQuery(slug), enabled: user !== null })
  const name = clone.data?.instance?.name ?? clone.data?.name ?? slug
  useDocumentTitle(billingStrings.membershipsTitle(name))

  let body: React.ReactNode
  if (!loaded || clone.isPending || handoff === 'pending') {
    body = <Spinner role="status" aria-label={billingStrings.loading} />
  } else if (!user) {
    body = (
      <>
        {handoff === 'failed' ? (
          <Callout.Root color="amber" highContrast size="1" role="alert">
            <Callout.Text>{billingStrings.handoffFailed}</Callout.Text>
          </Callout.Root>
        ) : null}
        <SignInPrompt />
      </>
    )
  } else if (monetization.isPending) {
    body = <Spinner role="status" aria-label={billingStrings.loading} />
  } else if (monetization.isError) {
    body = (
      <Flex direction="column" gap="2" align="start">
        <Text color="red">{billingStrings.loadFailed}</Text>
        <Button variant="soft" onClick={() => void monetization.refetch()}>
          {billingStrings.retry}
        </Button>
      </Flex>
    )
  } else if (monetization.data.memberships.length === 0) {
    body = <Text>{billingStrings.upsellNoMemberships(name)}</Text>
  } else {
    body = (
      <PlanPicker
        target={{ slug, instanceId: clone.data?.instance?.id ?? null }}
        monetization={monetization.data}
      />
    )
  }
  return (
    <>
      <AppHeader />
      <main id="main" className="page">
        <Flex direction="column" gap="4" maxWidth="520px" mx="auto" p="4">
          {origin ? (
            <ThemeLink href={origin.href}>{billingStrings.backTo(origin.hostname)}</ThemeLink>
          ) : (
            <Link {...profileLink(slug, instanceSlug)}>{billingStrings.backToProfile}</Link>
          )}
          <Heading as="h1" size="6">
            {billingStrings.membershipsHeading}
          </Heading>
          <Text color="gray">{billingStrings.membershipsTitle(name)}</Text>
          {body}
        </Flex>
      </main>
    </>
  )
}

export function SignInPrompt() {
  return (
    <Card>
      <Flex direction="column" gap="3" align="start">
        <Text>{billingStrings.billingSignedOut}</Text>
        <Button onClick={() => openDialog({ kind: 'signIn' })}>{billingStrings.logIn}</Button>
      </Flex>
    </Card>
  )
}
