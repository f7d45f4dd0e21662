import { Button, Dialog, Flex, Spinner, Text } from '@radix-ui/themes'
import { useQuery } from '@tanstack/react-query'
import { useSnapshot } from 'valtio'
import { activeLanguage } from '../../../../contract/i18n'
import { monetizationQuery, usageQuery } from '../../api/billing'
import { closeDialog } from '../../navigation/dialogs.store'
import { usePlatform } from '../../platform'
import { useCurrentUser } from '../auth'
import { billingStrings, limitReached, PlanPicker, upsellTitle } from '../billing'
import { EmbedPlansLink } from './EmbedPlansLink'
import { paywall, signInFromPaywall } from './paywall.store'

/** The paywall (spec 1 §2, §4 'Paywall'): sign-in first, then the tiers; max height 512 px, scrollable. */
export function PaywallDialog({ open }: Readonly<{ open: boolean }>) {
  const { target } = useSnapshot(paywall)
  const { user } = useCurrentUser()
  const embedded = usePlatform().embed !== null
  const slug = target?.slug ?? ''
  const usage = useQuery({
    ...usageQuery(slug, target?.instanceSlug, target?.locationId),
    enabled: open && !!target,
  })
  const monetization = useQuery({
    ...monetizationQuery(slug),
    enabled: open && !!target && user !== null && !embedded,
  })
  const overQuota = limitReached({ usage: usage.data, requireEmail: target?.requireEmail ?? true })
  const title = target
    ? upsellTitle({ template: target.upsellTitle, name: target.name, overQuota })
    : billingStrings.upsellDefaultTitle

  let body: React.ReactNode
  if (!target) body = null
  else if (!user) {
    body = (
      <Flex direction="column" gap="3" align="start">
        <Text size="2">{billingStrings.signInPrompt}</Text>
        <Button onClick={signInFromPaywall}>{billingStrings.signIn}</Button>
      </Flex>
    )
  } else if (embedded) {
    body = <EmbedPlansLink name={target.name} slug={target.slug} instanceSlug={target.instanceSlug} />
  } else if (monetization.isPending) {
    body = (
      <Flex justify="center" py="4" role="status" aria-label={billingStrings.loading}>
        <Spinner />
      </Flex>
    )
  } else if (monetization.isError) {
    body = (
      <Flex direction="column" gap="2" align="start">
        <Text size="2" color="red">
          {billingStrings.loadFailed}
        </Text>
        <Button variant="soft" onClick={() => void monetization.refetch()}>
          {billingStrings.retry}
        </Button>
      </Flex>
    )
  } else if (monetization.data.memberships.length === 0) {
    body = <Text size="2">{billingStrings.upsellNoMemberships(target.name)}</Text>
  } else {
    body = (
      <PlanPicker
        target={{ slug: target.slug, instanceId: target.instanceId }}
        monetization={monetization.data}
      />
    )
  }

  return (
    <Dialog.Root open={open} onOpenChange={(next) => (next ? undefined : closeDialog('paywall'))}>
      <Dialog.Content maxWidth="480px" maxHeight="512px" style={{ overflowY: 'auto' }}>
        <Dialog.Title>{title}</Dialog.Title>
        <Dialog.Description size="2" color="gray" mb="3">
          {usage.data && overQuota
            ? billingStrings.upsellResets(new Date(usage.data.resetsAt).toLocaleDateString(activeLanguage()))
            : billingStrings.upsellDescription}
        </Dialog.Description>
        {body}
        <Flex justify="end" mt="3">
          <Dialog.Close>
            <Button variant="soft" color="gray">
              {billingStrings.close}
            </Button>
          </Dialog.Close>
        </Flex>
      </Dialog.Content>
    </Dialog.Root>
  )
}
