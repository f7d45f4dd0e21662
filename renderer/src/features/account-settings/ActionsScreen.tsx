import { Button, Card, Flex, Spinner, Switch, Text } from '@radix-ui/themes'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { useId } from 'react'
import { toast } from 'sonner'
import type { AccountOptIn, AccountOptInsResponse } from '../../../../contract/account'
import { accountOptInsQuery, accountOptInsQueryKey } from '../../api/account'
import { resolveMediaUrl } from '../../api/client'
import { updateOptIn } from '../../api/texting'
import { exploreLink, profileLink } from '../../navigation/clone-links'
import { Avatar } from '../../ui/avatar'
import { AccountPage, AccountSection } from './AccountPage'
import { accountSettingsStrings as s } from './account-settings.strings'
import { PhoneSetting, TelegramSetting } from './ContactSettings'

/**
 * /actions (spec 1 §2; issue #15): the user's text opt-ins per clone (medium, number or username, on/off)
 * and the phone and Telegram updates of spec 1 §7, with the same forms as 'Get a Text'.
 */
export function ActionsScreen() {
  return (
    <AccountPage title={s.actionsTitle} signedOutText={s.actionsSignedOut}>
      {(user) => (
        <>
          <AccountSection id="account-opt-ins" title={s.optInsHeading} intro={s.optInsIntro}>
            <OptInList />
          </AccountSection>
          <PhoneSetting user={user} />
          <TelegramSetting user={user} />
        </>
      )}
    </AccountPage>
  )
}

function OptInList() {
  const optIns = useQuery(accountOptInsQuery())
  if (optIns.isPending) return <Spinner role="status" aria-label={s.loading} />
  if (optIns.isError) {
    return (
      <Flex direction="column" gap="2" align="start">
        <Text color="red">{s.loadFailed}</Text>
        <Button variant="soft" onClick={() => void optIns.refetch()}>
          {s.retry}
        </Button>
      </Flex>
    )
  }
  if (optIns.data.optIns.length === 0) {
    return (
      <Flex direction="column" gap="2" align="start">
        <Text>{s.optInsEmpty}</Text>
        <Link {...exploreLink()}>{s.optInsEmptyLink}</Link>
      </Flex>
    )
  }
  return (
    <Flex direction="column" gap="2" asChild>
      <ul className="plain-list" aria-label={s.optInsHeading}>
        {optIns.data.optIns.map((optIn) => (
          <li key={optIn.clone.slug}>
            <OptInRow optIn={optIn} />
          </li>
        ))}
      </ul>
    </Flex>
  )
}

/** One clone: who, on which medium, to which number or username, and the switch (PUT /api/opt-ins). */
function OptInRow({ optIn }: Readonly<{ optIn: AccountOptIn }>) {
  const queryClient = useQueryClient()
  const nameId = useId()
  const { clone } = optIn
  const toggle = useMutation({
    mutationFn: (next: boolean) => updateOptIn({ slug: clone.slug, opt_in: next }),
    onSuccess: (answer) => {
      queryClient.setQueryData<AccountOptInsResponse>(accountOptInsQueryKey, (old) =>
        old
          ? {
              optIns: old.optIns.map((o) =>
                o.clone.slug === clone.slug ? { ...o, optIn: answer.opt_in.optIn } : o,
              ),
            }
          : old,
      )
      void queryClient.invalidateQueries({ queryKey: ['opt-in', clone.slug] })
      toast.success(answer.opt_in.optIn ? s.optInOn(clone.name) : s.optInOff(clone.name))
    },
    onError: () => toast.error(s.saveFailed),
  })
  const checked = toggle.isPending ? (toggle.variables ?? optIn.optIn) : optIn.optIn
  return (
    <Card>
      <div className="account-opt-in">
        <Avatar
          size="3"
          radius="full"
          src={resolveMediaUrl(clone.imageUrl)}
          fallback={clone.name.slice(0, 1)}
          alt=""
        />
        <Flex direction="column" gap="1" minWidth="0">
          <Link {...profileLink(clone.slug)} id={nameId}>
            <Text weight="bold">{clone.name}</Text>
          </Link>
          <Text size="2" color="gray">
            {optIn.medium ? (s.medium[optIn.medium] ?? optIn.medium) : s.noMedium}
            {' · '}
            {optIn.address ?? s.noAddress}
          </Text>
        </Flex>
        <Switch
          size="2"
          checked={checked}
          disabled={toggle.isPending}
          onCheckedChange={(next) => toggle.mutate(next)}
          aria-label={s.optInSwitch(clone.name)}
        />
      </div>
    </Card>
  )
}
