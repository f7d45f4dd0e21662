import { Button } from '@radix-ui/themes'
import { lazy, Suspense } from 'react'
import { initialsOf } from '../../lib/initials'
import { openDialog } from '../../navigation/dialogs.store'
import { Avatar } from '../../ui/avatar'
import { preloadSignInDialog, useCurrentUser } from '../auth'
import { accountStrings } from './account.strings'
import { displayNameOf } from './account-menu'

// The menu (Radix dropdown) loads only for signed-in visitors: the first-load budget stays for everyone else.
const AccountMenu = lazy(() => import('./AccountMenu').then((m) => ({ default: m.AccountMenu })))

/** The header's right side: 'Log in' when signed out, the account menu when signed in. */
export function AccountSlot() {
  const { user, loaded } = useCurrentUser()
  if (!loaded) return null
  if (!user) {
    return (
      <Button
        variant="soft"
        onClick={() => openDialog({ kind: 'signIn' })}
        onPointerEnter={preloadSignInDialog}
        onFocus={preloadSignInDialog}
      >
        {accountStrings.logIn}
      </Button>
    )
  }
  const name = displayNameOf(user)
  return (
    <Suspense fallback={<Avatar size="2" radius="full" fallback={initialsOf(name)} aria-hidden />}>
      <AccountMenu user={user} />
    </Suspense>
  )
}
