import { AlertDialog, Button, Flex, Text, TextField } from '@radix-ui/themes'
import { useQueryClient } from '@tanstack/react-query'
import { useNavigate } from '@tanstack/react-router'
import { type FormEvent, useId, useState } from 'react'
import { toast } from 'sonner'
import { normaliseEmail, type User } from '../../../../contract/auth'
import { deleteAccount, endAllSessions } from '../../api/account'
import { serverMessageOr } from '../../api/client'
import { logOut } from '../auth'
import { AccountSection } from './AccountPage'
import { accountSettingsStrings as s } from './account-settings.strings'

/** After the server ended the sessions: to the home page, then signed out here (token and caches). */
function useSignedOut() {
  const queryClient = useQueryClient()
  const navigate = useNavigate()
  return async (message: string) => {
    await navigate({ to: '/' })
    await logOut({ queryClient }).catch((error: unknown) => console.warn('Sign-out cleanup failed', error))
    toast.success(message)
  }
}

/** Issue #15 'sign-out everywhere (ends all sessions)': confirmed first. */
export function SignOutEverywhere() {
  const signedOut = useSignedOut()
  const [open, setOpen] = useState(false)
  const [busy, setBusy] = useState(false)

  const confirm = async () => {
    setBusy(true)
    try {
      await endAllSessions()
      setOpen(false)
      await signedOut(s.signedOutEverywhere)
    } catch (error) {
      toast.error(serverMessageOr(error, s.signOutFailed))
    } finally {
      setBusy(false)
    }
  }

  return (
    <AccountSection id="account-sign-out" title={s.signOutHeading} intro={s.signOutIntro}>
      <AlertDialog.Root open={open} onOpenChange={setOpen}>
        <AlertDialog.Trigger>
          <Button variant="soft" style={{ alignSelf: 'start' }}>
            {s.signOutButton}
          </Button>
        </AlertDialog.Trigger>
        <AlertDialog.Content maxWidth="440px">
          <AlertDialog.Title>{s.signOutConfirmTitle}</AlertDialog.Title>
          <AlertDialog.Description size="2">{s.signOutConfirmText}</AlertDialog.Description>
          <Flex gap="3" mt="4" justify="end" wrap="wrap">
            <AlertDialog.Cancel>
              <Button variant="soft" color="gray">
                {s.cancel}
              </Button>
            </AlertDialog.Cancel>
            <Button onClick={() => void confirm()} loading={busy}>
              {s.signOutButton}
            </Button>
          </Flex>
        </AlertDialog.Content>
      </AlertDialog.Root>
    </AccountSection>
  )
}

/**
 * Issue #15 'deleting the account (with confirmation)': the user types their address; a refusal (a
 * creator, an active membership) is shown as the server words it.
 */
export function DeleteAccount({ user }: Readonly<{ user: User }>) {
  const signedOut = useSignedOut()
  const [open, setOpen] = useState(false)
  const [typed, setTyped] = useState('')
  const [error, setError] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  const id = useId()
  const messageId = useId()
  const matches = normaliseEmail(typed) === user.email

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault()
    if (busy) return
    if (!matches) {
      setError(s.deleteMismatch)
      return
    }
    setBusy(true)
    try {
      await deleteAccount({ email: typed.trim() })
      setOpen(false)
      await signedOut(s.accountDeleted)
    } catch (failure) {
      setError(serverMessageOr(failure, s.deleteFailed))
    } finally {
      setBusy(false)
    }
  }

  return (
    <AccountSection id="account-danger" title={s.dangerHeading} tone="danger">
      <Flex direction="column" gap="2" align="start">
        <Text as="p" weight="bold" size="3">
          {s.deleteHeading}
        </Text>
        <Text as="p" size="2" color="gray">
          {s.deleteIntro}
        </Text>
        <AlertDialog.Root
          open={open}
          onOpenChange={(next) => {
            setOpen(next)
            setTyped('')
            setError(null)
          }}
        >
          <AlertDialog.Trigger>
            <Button color="red">{s.deleteButton}</Button>
          </AlertDialog.Trigger>
          <AlertDialog.Content maxWidth="460px">
            <AlertDialog.Title>{s.deleteConfirmTitle}</AlertDialog.Title>
            <AlertDialog.Description size="2">{s.deleteConfirmText(user.email)}</AlertDialog.Description>
            <form onSubmit={(e) => void onSubmit(e)} noValidate>
              <Flex direction="column" gap="1" mt="3">
                <Text as="label" size="2" weight="medium" htmlFor={id}>
                  {s.deleteEmailLabel}
                </Text>
                <TextField.Root
                  id={id}
                  size="3"
                  type="email"
                  autoComplete="off"
                  value={typed}
                  onChange={(e) => {
                    setTyped(e.target.value)
                    setError(null)
                  }}
                  aria-invalid={error ? true : undefined}
                  aria-describedby={messageId}
                  readOnly={busy}
                  autoFocus
                />
                <Text as="p" size="2" color="red" id={messageId} role="alert">
                  {error ?? ''}
                </Text>
              </Flex>
              <Flex gap="3" mt="3" justify="end" wrap="wrap">
                <AlertDialog.Cancel>
                  <Button type="button" variant="soft" color="gray">
                    {s.cancel}
                  </Button>
                </AlertDialog.Cancel>
                <Button type="submit" color="red" loading={busy}>
                  {s.deleteConfirm}
                </Button>
              </Flex>
            </form>
          </AlertDialog.Content>
        </AlertDialog.Root>
      </Flex>
    </AccountSection>
  )
}
