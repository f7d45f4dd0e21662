import { useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { toast } from 'sonner'
import type { MeResponse, User } from '../../../../contract/auth'
import { accountOptInsQueryKey } from '../../api/account'
import { meQueryKey } from '../../api/auth'
import { serverMessageOr } from '../../api/client'
import { updateTelegramUsername } from '../../api/texting'
import { OptInPhoneForm, OptInTelegramForm } from '../actions'
import { AccountSection } from './AccountPage'
import { accountSettingsStrings as s } from './account-settings.strings'

/**
 * spec 1 §7 'Phone number update', 'Phone code verify': the opt-in's own phone form (features/actions),
 * as a setting: type a number, get a six-digit code, verify it. The verified number is the user's at once.
 */
export function PhoneSetting({ user }: Readonly<{ user: User }>) {
  const queryClient = useQueryClient()
  const [phone, setPhone] = useState<string | null>(null)
  return (
    <AccountSection id="account-phone" title={s.phoneHeading} intro={s.phoneIntro}>
      <OptInPhoneForm
        name=""
        userPhone={user.phoneNumber}
        phone={phone}
        consent={false}
        pending={false}
        onPhoneChange={setPhone}
        onVerified={() => {
          toast.success(s.phoneVerified)
          void queryClient.invalidateQueries({ queryKey: accountOptInsQueryKey })
        }}
      />
    </AccountSection>
  )
}

/** spec 1 §7 'updateCurrentUserTelegram': the opt-in's Telegram form, saving the username. */
export function TelegramSetting({ user }: Readonly<{ user: User }>) {
  const queryClient = useQueryClient()
  const [telegram, setTelegram] = useState<string | null>(null)
  const [pending, setPending] = useState(false)

  const save = async (telegramUsername: string) => {
    setPending(true)
    try {
      const me = await updateTelegramUsername(telegramUsername)
      queryClient.setQueryData<MeResponse>(meQueryKey, (old) => ({ ...old, ...me }))
      void queryClient.invalidateQueries({ queryKey: accountOptInsQueryKey })
      setTelegram(null)
      toast.success(s.telegramSaved)
    } catch (error) {
      toast.error(serverMessageOr(error, s.saveFailed))
    } finally {
      setPending(false)
    }
  }

  return (
    <AccountSection id="account-telegram" title={s.telegramHeading} intro={s.telegramIntro}>
      <OptInTelegramForm
        userTelegram={user.telegramUsername}
        telegram={telegram}
        pending={pending}
        onTelegramChange={setTelegram}
        submitLabel={s.save}
        onConfirm={({ telegramUsername }) => void save(telegramUsername)}
      />
    </AccountSection>
  )
}
