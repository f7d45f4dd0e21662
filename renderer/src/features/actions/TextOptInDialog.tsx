import './actions.css'
import { Button, Dialog, Flex, Spinner, Text } from '@radix-ui/themes'
import { useQueryClient } from '@tanstack/react-query'
import { useMemo, useState } from 'react'
import { toast } from 'sonner'
import { useSnapshot } from 'valtio'
import { closeDialog, openDialog } from '../../navigation/dialogs.store'
import { useCurrentUser } from '../auth'
import { type TextPlatform, textPlatforms } from './action-centre'
import { actionsStrings as s } from './actions.strings'
import { OptInConfirmation } from './OptInConfirmation'
import { OptInPhoneForm } from './OptInPhoneForm'
import { OptInTelegramForm } from './OptInTelegramForm'
import { type Confirmation, confirmationOf } from './text-opt-in'
import {
  draftFor,
  forgetDraft,
  type GreetingRequest,
  sendGreeting,
  textOptInDraft,
} from './text-opt-in.store'
import { useRouteClone } from './use-route-clone'

const platformLabel = (platform: TextPlatform): string =>
  ({ SMS: s.sms, WHATSAPP: s.whatsapp, TELEGRAM: s.telegram })[platform]

/**
 * 'Get a Text' (spec 1 §2 medium selection, §4 'Text opt-in'): choose the medium ('Text {name}', 'Select
 * Platform'), then the form (log in first; a verified number, or a Telegram username), then the
 * confirmation with the number or link. Toasts 'Sending ...', 'Message Sent', 'Failed to send message'.
 */
export function TextOptInDialog() {
  const { slug, clone } = useRouteClone()
  const { user, loaded } = useCurrentUser()
  const queryClient = useQueryClient()
  // sync: the draft backs controlled inputs; batched updates would move the caret while typing.
  const draft = useSnapshot(
    useMemo(() => draftFor(slug), [slug]),
    { sync: true },
  )
  const [confirmation, setConfirmation] = useState<Confirmation | null>(null)
  const [pending, setPending] = useState(false)
  const name = clone?.name ?? ''
  const platforms = clone ? textPlatforms(clone) : []
  const medium = draft.medium && platforms.includes(draft.medium) ? draft.medium : null

  const close = () => {
    forgetDraft()
    closeDialog('textOptIn')
  }
  const back = () => {
    textOptInDraft.medium = null
  }

  const greet = async (request: Omit<GreetingRequest, 'slug' | 'medium'>) => {
    if (!slug || !medium || pending) return
    setPending(true)
    const id = toast.loading(s.sending)
    try {
      const answer = await sendGreeting({ ...request, slug, medium }, queryClient)
      toast.success(s.messageSent, { id })
      setConfirmation(confirmationOf(answer))
      forgetDraft()
    } catch (error) {
      // The form stays as typed, to try again (spec 1 §8 'Failed to send message').
      console.warn('Get a Text failed', error)
      toast.error(s.sendFailed, { id })
    } finally {
      setPending(false)
    }
  }

  let body: React.ReactNode
  let description: string | null = null
  if (confirmation) {
    body = <OptInConfirmation confirmation={confirmation} name={name} onDone={close} />
  } else if (!medium) {
    description = platforms.length > 0 ? s.selectPlatform : s.noPlatforms(name)
    body = (
      <>
        {platforms.length > 0 ? (
          <ul className="action-menu">
            {platforms.map((platform) => (
              <li key={platform}>
                <button
                  type="button"
                  className="action-menu__entry"
                  onClick={() => (textOptInDraft.medium = platform)}
                >
                  {platformLabel(platform)}
                </button>
              </li>
            ))}
          </ul>
        ) : null}
        <Flex justify="end" mt="4">
          <Button variant="soft" color="gray" onClick={close}>
            {s.close}
          </Button>
        </Flex>
      </>
    )
  } else if (!loaded) {
    body = <Spinner role="status" aria-label={s.loading} />
  } else if (!user) {
    description = platformLabel(medium)
    body = <LogInFirst name={name} platform={platformLabel(medium)} onBack={back} />
  } else if (medium === 'TELEGRAM') {
    description = platformLabel(medium)
    body = (
      <OptInTelegramForm
        userTelegram={user.telegramUsername}
        telegram={draft.telegram}
        pending={pending}
        onBack={back}
        onConfirm={({ telegramUsername, saveTelegram }) =>
          void greet({ phoneNumber: null, telegramUsername, saveTelegram })
        }
      />
    )
  } else {
    description = platformLabel(medium)
    body = (
      <OptInPhoneForm
        medium={medium}
        name={name}
        userPhone={user.phoneNumber}
        phone={draft.phone}
        consent={draft.consent}
        pending={pending}
        onBack={back}
        onConfirm={(phoneNumber) => void greet({ phoneNumber, telegramUsername: null, saveTelegram: false })}
      />
    )
  }

  return (
    <Dialog.Root open onOpenChange={(open) => (open ? undefined : close())}>
      <Dialog.Content maxWidth="440px" {...(description ? {} : { 'aria-describedby': undefined })}>
        <Dialog.Title>{s.textTitle(name)}</Dialog.Title>
        {description ? (
          <Dialog.Description size="2" color="gray" mb="3">
            {description}
          </Dialog.Description>
        ) : null}
        {body}
      </Dialog.Content>
    </Dialog.Root>
  )
}

/** spec 1 §2: signed-out visitors log in first; the sign-in dialog returns here (actions=text after login). */
function LogInFirst({
  name,
  platform,
  onBack,
}: Readonly<{ name: string; platform: string; onBack: () => void }>) {
  return (
    <>
      <Text as="p" size="2" weight="medium">
        {s.loginFirst}
      </Text>
      <Text as="p" size="2" color="gray" mt="1">
        {s.loginFirstBody(name, platform)}
      </Text>
      <Flex justify="between" gap="2" mt="4" wrap="wrap">
        <Button type="button" variant="soft" color="gray" onClick={onBack}>
          {s.back}
        </Button>
        <Button
          type="button"
          autoFocus
          onClick={() =>
            openDialog({ kind: 'signIn', reason: s.loginFirst, returnTo: { kind: 'textOptIn' } })
          }
        >
          {s.logInOrSignUp}
        </Button>
      </Flex>
    </>
  )
}
