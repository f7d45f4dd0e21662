import { Badge, Button, Flex, Text, TextField } from '@radix-ui/themes'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { type FormEvent, useId, useRef, useState } from 'react'
import type { MeResponse } from '../../../../contract/auth'
import type { TextMedium } from '../../../../contract/embed'
import { countryFromLanguage } from '../../../../contract/phone'
import { meQueryKey } from '../../api/auth'
import { serverMessageOr } from '../../api/client'
import { countryQuery, requestPhoneCode, verifyPhoneCode } from '../../api/texting'
import { formatPhoneNumber } from '../../lib/phone'
import { actionsStrings as s } from './actions.strings'
import { OptInFormFooter, SmsConsent } from './OptInParts'
import { canConfirm, checkPhone, isVerifiedNumber, readCode } from './text-opt-in'
import { textOptInDraft } from './text-opt-in.store'

export interface OptInPhoneFormProps {
  /** Undefined: the account pages' settings form (issue #15), which only verifies the number. */
  medium?: Exclude<TextMedium, 'TELEGRAM'>
  name: string
  /** The signed-in user's verified number (E.164), or null. */
  userPhone: string | null
  /** The draft's snapshot: what was typed so far (null: nothing yet, the user's number shows). */
  phone: string | null
  consent: boolean
  pending: boolean
  /** Without it (the settings form) a verified number is the end: there is nothing to confirm. */
  onConfirm?: (phoneNumber: string) => void
  onBack?: () => void
  /** Where typing goes; the opt-in draft by default. */
  onPhoneChange?: (value: string) => void
  /** Called once a code proved the number (it is already the cached user's). */
  onVerified?: (phoneNumber: string) => void
}

/**
 * SMS and WhatsApp (spec 1 §5: 'other media need phoneNumber'): the user's verified number, or a number
 * typed, sent a six-digit code and verified, then Confirm (SMS: once the consent box is ticked).
 */
export function OptInPhoneForm({
  medium,
  name,
  userPhone,
  phone,
  consent,
  pending,
  onConfirm,
  onBack,
  onPhoneChange = (next) => {
    textOptInDraft.phone = next
  },
  onVerified,
}: Readonly<OptInPhoneFormProps>) {
  const queryClient = useQueryClient()
  // spec 1 §5 'Phone country': the IP lookup when the server has one, else the browser's language.
  const lookup = useQuery(countryQuery())
  const country =
    lookup.data?.country ?? countryFromLanguage(typeof navigator === 'undefined' ? null : navigator.language)
  const value = phone ?? userPhone ?? ''
  const verified = isVerifiedNumber(value, country, userPhone)
  const [sentTo, setSentTo] = useState<string | null>(null)
  const [code, setCode] = useState('')
  const [phoneError, setPhoneError] = useState<string | null>(null)
  const [codeError, setCodeError] = useState<string | null>(null)
  const [busy, setBusy] = useState<'send' | 'verify' | null>(null)
  const phoneRef = useRef<HTMLInputElement>(null)
  const codeRef = useRef<HTMLInputElement>(null)
  const ids = { phone: useId(), phoneMessage: useId(), code: useId(), codeMessage: useId() }
  const confirmable =
    medium !== undefined &&
    onConfirm !== undefined &&
    canConfirm({ medium, phoneVerified: verified, telegramUsername: '', consent, pending })

  const sendCode = async () => {
    const check = checkPhone(value, country)
    if (!check.ok) {
      setPhoneError(check.message)
      phoneRef.current?.focus()
      return
    }
    setBusy('send')
    try {
      const answer = await requestPhoneCode({ phoneNumber: check.e164, country: country ?? undefined })
      setSentTo(answer.phoneNumber)
      setCode('')
      setCodeError(null)
      requestAnimationFrame(() => codeRef.current?.focus())
    } catch (error) {
      setPhoneError(serverMessageOr(error, s.sendCodeFailed))
    } finally {
      setBusy(null)
    }
  }

  const verify = async () => {
    if (!sentTo) return
    const read = readCode(code)
    if (!read.ok) {
      setCodeError(read.message)
      codeRef.current?.focus()
      return
    }
    setBusy('verify')
    try {
      const me = await verifyPhoneCode({
        phoneNumber: sentTo,
        code: read.code,
        country: country ?? undefined,
      })
      queryClient.setQueryData<MeResponse>(meQueryKey, me)
      // The number now is the user's: the draft shows it as verified and Confirm takes over.
      const number = me.user?.phoneNumber ?? sentTo
      onPhoneChange(number)
      setSentTo(null)
      setCode('')
      onVerified?.(number)
    } catch (error) {
      setCodeError(serverMessageOr(error, s.verifyFailed))
      codeRef.current?.select()
    } finally {
      setBusy(null)
    }
  }

  const onSubmit = (event: FormEvent) => {
    event.preventDefault()
    if (busy || pending) return
    if (verified) {
      if (confirmable) onConfirm?.(userPhone ?? value)
    } else if (sentTo) void verify()
    else void sendCode()
  }

  let primary: { label: string; disabled: boolean; loading: boolean } = {
    label: s.sendCode,
    disabled: value.trim() === '',
    loading: busy === 'send',
  }
  if (verified && onConfirm) primary = { label: s.confirm, disabled: !confirmable, loading: pending }
  else if (verified) primary = { ...primary, disabled: true }
  else if (sentTo) primary = { label: s.verifyCode, disabled: code.trim() === '', loading: busy === 'verify' }

  return (
    <form onSubmit={onSubmit} noValidate>
      <Flex direction="column" gap="3">
        <Flex direction="column" gap="1">
          <Text as="label" size="2" weight="medium" htmlFor={ids.phone}>
            {s.phoneLabel}
          </Text>
          <TextField.Root
            id={ids.phone}
            ref={phoneRef}
            type="tel"
            size="3"
            autoComplete="tel"
            inputMode="tel"
            placeholder={s.phonePlaceholder}
            value={value}
            onChange={(e) => {
              onPhoneChange(e.target.value)
              setPhoneError(null)
              setSentTo(null)
            }}
            aria-invalid={phoneError ? true : undefined}
            aria-describedby={ids.phoneMessage}
            readOnly={busy !== null || pending}
            autoFocus={onBack !== undefined && !verified}
          >
            {verified ? (
              <TextField.Slot side="right">
                <Badge color="green">{s.phoneVerified}</Badge>
              </TextField.Slot>
            ) : null}
          </TextField.Root>
          <Text as="p" size="1" color={phoneError ? 'red' : 'gray'} id={ids.phoneMessage} role="alert">
            {phoneError ?? (verified ? '' : s.phoneHint)}
          </Text>
        </Flex>

        {sentTo && !verified ? (
          <Flex direction="column" gap="1">
            <Text as="p" size="2">
              {s.codeSentTo(formatPhoneNumber(sentTo))}
            </Text>
            <Text as="label" size="2" weight="medium" htmlFor={ids.code}>
              {s.codeLabel}
            </Text>
            <TextField.Root
              id={ids.code}
              ref={codeRef}
              size="3"
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={11}
              placeholder={s.codePlaceholder}
              value={code}
              onChange={(e) => {
                setCode(e.target.value)
                setCodeError(null)
              }}
              aria-invalid={codeError ? true : undefined}
              aria-describedby={ids.codeMessage}
              readOnly={busy !== null}
            />
            <Text as="p" size="1" color="red" id={ids.codeMessage} role="alert">
              {codeError ?? ''}
            </Text>
            <Flex gap="3" wrap="wrap">
              <Button
                type="button"
                variant="ghost"
                size="1"
                onClick={() => void sendCode()}
                disabled={!!busy}
              >
                {s.resendCode}
              </Button>
            </Flex>
          </Flex>
        ) : null}

        {medium === 'SMS' ? (
          <SmsConsent name={name} checked={consent} onChange={(next) => (textOptInDraft.consent = next)} />
        ) : null}
      </Flex>
      <OptInFormFooter
        onBack={onBack}
        primaryLabel={primary.label}
        primaryDisabled={primary.disabled || (busy !== null && !primary.loading)}
        primaryLoading={primary.loading}
      />
    </form>
  )
}
