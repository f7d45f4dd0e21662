import { Button, Flex, Text, TextField } from '@radix-ui/themes'
import { useQueryClient } from '@tanstack/react-query'
import { type FormEvent, useId, useRef, useState } from 'react'
import { toast } from 'sonner'
import { NAME_MAX_LENGTH } from '../../../../contract/account'
import type { MeResponse, User } from '../../../../contract/auth'
import { LANGUAGES } from '../../../../contract/languages'
import { storageKeys } from '../../../../contract/storage'
import { updateProfile } from '../../api/account'
import { meQueryKey } from '../../api/auth'
import { serverMessageOr } from '../../api/client'
import { nativeLanguageName } from '../../lib/language'
import { useStoredValue } from '../../platform/use-stored-value'
import { accountSettingsStrings as s } from './account-settings.strings'

/** The refreshed user replaces the cached one at once: the account menu reads it (features/auth). */
function useSaveProfile() {
  const queryClient = useQueryClient()
  return async (body: Parameters<typeof updateProfile>[0]) => {
    const me = await updateProfile(body)
    queryClient.setQueryData<MeResponse>(meQueryKey, (old) => ({ ...old, ...me }))
    // Features that key the user by clone (['me', slug]) read it again.
    void queryClient.invalidateQueries({ queryKey: meQueryKey, exact: false })
    return me
  }
}

export function nameError(value: string): string | null {
  const name = value.trim()
  if (!name) return s.nameRequired
  if (name.length > NAME_MAX_LENGTH) return s.nameTooLong
  return null
}

/** Name: edit, Save (or Enter), a toast; errors are announced next to the field. */
export function NameField({ user }: Readonly<{ user: User }>) {
  const save = useSaveProfile()
  const [value, setValue] = useState(user.name ?? '')
  const [error, setError] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  const inputRef = useRef<HTMLInputElement>(null)
  const id = useId()
  const messageId = useId()

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault()
    if (busy) return
    const problem = nameError(value)
    if (problem) {
      setError(problem)
      inputRef.current?.focus()
      return
    }
    setBusy(true)
    try {
      const me = await save({ name: value.trim() })
      setValue(me.user?.name ?? value.trim())
      toast.success(s.nameSaved)
    } catch (failure) {
      setError(serverMessageOr(failure, s.saveFailed))
    } finally {
      setBusy(false)
    }
  }

  return (
    <form onSubmit={(e) => void onSubmit(e)} noValidate>
      <Flex direction="column" gap="1">
        <Text as="label" size="2" weight="medium" htmlFor={id}>
          {s.nameLabel}
        </Text>
        <Flex gap="2" align="start" wrap="wrap">
          <TextField.Root
            id={id}
            ref={inputRef}
            size="3"
            autoComplete="name"
            maxLength={NAME_MAX_LENGTH + 20}
            value={value}
            onChange={(e) => {
              setValue(e.target.value)
              setError(null)
            }}
            aria-invalid={error ? true : undefined}
            aria-describedby={messageId}
            readOnly={busy}
            style={{ flex: '1 1 240px' }}
          />
          <Button type="submit" size="3" loading={busy} disabled={value.trim() === (user.name ?? '')}>
            {s.save}
          </Button>
        </Flex>
        <Text as="p" size="1" color={error ? 'red' : 'gray'} id={messageId} role="alert">
          {error ?? s.nameHint}
        </Text>
      </Flex>
    </form>
  )
}

/** E-mail: read-only, the address the user signs in with. */
export function EmailField({ user }: Readonly<{ user: User }>) {
  const id = useId()
  const hintId = useId()
  return (
    <Flex direction="column" gap="1">
      <Text as="label" size="2" weight="medium" htmlFor={id}>
        {s.emailLabel}
      </Text>
      <TextField.Root id={id} size="3" type="email" value={user.email} readOnly aria-describedby={hintId} />
      <Text as="p" size="1" color="gray" id={hintId}>
        {s.emailHint}
      </Text>
    </Flex>
  )
}

const AUTOMATIC = ''

/**
 * Preferred language: saved on the account, and kept on this device as userPreferredLanguage, which calls
 * and dictation start in (spec 2 §3); the browser's language follows again when none is chosen.
 */
export function LanguageField({ user }: Readonly<{ user: User }>) {
  const save = useSaveProfile()
  const stored = useStoredValue(storageKeys.userPreferredLanguage)
  const [value, setValue] = useState(user.language ?? AUTOMATIC)
  const [error, setError] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  const id = useId()
  const messageId = useId()

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault()
    if (busy) return
    setBusy(true)
    try {
      const language = value === AUTOMATIC ? null : value
      await save({ language })
      stored.set(language ?? undefined)
      toast.success(s.languageSaved)
    } catch (failure) {
      setError(serverMessageOr(failure, s.saveFailed))
    } finally {
      setBusy(false)
    }
  }

  return (
    <form onSubmit={(e) => void onSubmit(e)} noValidate>
      <Flex direction="column" gap="1">
        <Text as="label" size="2" weight="medium" htmlFor={id}>
          {s.languageLabel}
        </Text>
        <Flex gap="2" align="start" wrap="wrap">
          <div style={{ flex: '1 1 240px' }}>
            <select
              id={id}
              className="account-select"
              value={value}
              onChange={(e) => {
                setValue(e.target.value)
                setError(null)
              }}
              aria-describedby={messageId}
              aria-invalid={error ? true : undefined}
              disabled={busy}
            >
              <option value={AUTOMATIC}>{s.languageAutomatic}</option>
              {LANGUAGES.map((language) => (
                <option key={language.code} value={language.code} lang={language.code}>
                  {nativeLanguageName(language.code, language.name)}
                </option>
              ))}
            </select>
          </div>
          <Button type="submit" size="3" loading={busy} disabled={value === (user.language ?? AUTOMATIC)}>
            {s.save}
          </Button>
        </Flex>
        <Text as="p" size="1" color={error ? 'red' : 'gray'} id={messageId} role="alert">
          {error ?? s.languageHintInterface}
        </Text>
      </Flex>
    </form>
  )
}
