import { Flex, Text, TextField } from '@radix-ui/themes'
import { type FormEvent, useId, useState } from 'react'
import { actionsStrings as s } from './actions.strings'
import { OptInFormFooter } from './OptInParts'
import { canConfirm, sameTelegramUsername, telegramUsernameError } from './text-opt-in'
import { textOptInDraft } from './text-opt-in.store'

export interface OptInTelegramFormProps {
  /** The signed-in user's Telegram username, or null. */
  userTelegram: string | null
  /** What was typed so far (null: nothing yet, the user's username shows). */
  telegram: string | null
  pending: boolean
  onConfirm: (request: { telegramUsername: string; saveTelegram: boolean }) => void
  /** Without it: the account pages' settings form (issue #15), saving an unchanged username is off. */
  onBack?: () => void
  /** Where typing goes; the opt-in draft by default. */
  onTelegramChange?: (value: string) => void
  /** The primary action's label; 'Confirm' by default. */
  submitLabel?: string
}

/** Telegram (spec 1 §5: 'Telegram medium needs telegramUsername'): the username, checked as typed. */
export function OptInTelegramForm({
  userTelegram,
  telegram,
  pending,
  onConfirm,
  onBack,
  onTelegramChange = (next) => {
    textOptInDraft.telegram = next
  },
  submitLabel = s.confirm,
}: Readonly<OptInTelegramFormProps>) {
  const value = telegram ?? userTelegram ?? ''
  const [touched, setTouched] = useState(false)
  const id = useId()
  const messageId = useId()
  const error = telegramUsernameError(value)
  const showError = touched && value.trim() !== '' && error !== null
  const unchangedSetting = onBack === undefined && sameTelegramUsername(value, userTelegram)
  const confirmable =
    !unchangedSetting &&
    canConfirm({
      medium: 'TELEGRAM',
      phoneVerified: false,
      telegramUsername: value,
      consent: false,
      pending,
    })

  const onSubmit = (event: FormEvent) => {
    event.preventDefault()
    setTouched(true)
    if (!confirmable) return
    onConfirm({ telegramUsername: value.trim(), saveTelegram: !sameTelegramUsername(value, userTelegram) })
  }

  return (
    <form onSubmit={onSubmit} noValidate>
      <Flex direction="column" gap="1">
        <Text as="label" size="2" weight="medium" htmlFor={id}>
          {s.telegramLabel}
        </Text>
        <TextField.Root
          id={id}
          size="3"
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          placeholder={s.telegramPlaceholder}
          value={value}
          onChange={(e) => {
            onTelegramChange(e.target.value)
            setTouched(true)
          }}
          aria-invalid={showError || undefined}
          aria-describedby={messageId}
          readOnly={pending}
          autoFocus={onBack !== undefined}
        />
        <Text as="p" size="1" color={showError ? 'red' : 'gray'} id={messageId} role="alert">
          {showError ? error : s.telegramHint}
        </Text>
      </Flex>
      <OptInFormFooter
        onBack={onBack}
        primaryLabel={submitLabel}
        primaryDisabled={!confirmable}
        primaryLoading={pending}
      />
    </form>
  )
}
