import { Button, Spinner } from '@radix-ui/themes'
import { Link } from '@tanstack/react-router'
import type { ReactNode } from 'react'
import { exploreLink } from '../../navigation/clone-links'
import { openDialog } from '../../navigation/dialogs.store'
import { SearchIcon } from '../../ui/icons'
import { UserIcon } from '../../ui/lazy-icons'
import { StatusPanel } from '../../ui/StatusPanel'
import { useCurrentUser } from '../auth'

/** What a creator page's door says, in its own words (each page keeps them in its strings table). */
export interface StudioGateTexts {
  loading: string
  signedOutTitle: string
  signedOutBody: string
  logIn: string
  notYoursTitle: string
  notYoursBody: string
  exploreClones: string
}

/**
 * The door of a creator's page (leads, embeds): a spinner until the user is known, a log-in prompt for a
 * signed-out visitor, and the same 'not here' panel for anyone who is not the clone's CREATOR or CONTRIBUTOR
 * and for a 404 from the server (another creator's clone, or none), so the page never says which exists.
 */
export function StudioAccessGate({
  allowed,
  notFound,
  texts,
  children,
}: Readonly<{ allowed: boolean; notFound: boolean; texts: StudioGateTexts; children: ReactNode }>) {
  const { user, loaded } = useCurrentUser()
  if (!loaded) return <Spinner size="3" role="status" aria-label={texts.loading} />
  if (!user) {
    return (
      <StatusPanel
        icon={<UserIcon size={32} />}
        title={texts.signedOutTitle}
        actions={
          <Button size="3" onClick={() => openDialog({ kind: 'signIn' })}>
            {texts.logIn}
          </Button>
        }
      >
        {texts.signedOutBody}
      </StatusPanel>
    )
  }
  if (!allowed || notFound) {
    return (
      <StatusPanel
        icon={<SearchIcon size={32} />}
        title={texts.notYoursTitle}
        actions={
          <Button asChild size="3" variant="soft">
            <Link {...exploreLink()}>{texts.exploreClones}</Link>
          </Button>
        }
      >
        {texts.notYoursBody}
      </StatusPanel>
    )
  }
  return children
}
