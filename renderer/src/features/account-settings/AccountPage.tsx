import { Button, Card, Flex, Heading, Spinner, Text } from '@radix-ui/themes'
import { Link } from '@tanstack/react-router'
import { type ReactNode, useEffect, useRef } from 'react'
import type { User } from '../../../../contract/auth'
import { exploreLink } from '../../navigation/clone-links'
import { openDialog } from '../../navigation/dialogs.store'
import { useDocumentTitle } from '../../ui/use-document-title'
import { useCurrentUser } from '../auth'
import { AppHeader } from '../shell'
import { accountSettingsStrings as s } from './account-settings.strings'
import './account-settings.css'

/**
 * The frame of an account page (spec 1 §2 '/profile', '/actions'): the header, a title, and the page's
 * sections for a signed-in user. A signed-out visitor gets the sign-in dialog (once, as the page opens)
 * and a way to open it again; someone who signs out here (everywhere, or by deleting) is not asked again.
 */
export function AccountPage({
  title,
  signedOutText,
  children,
}: Readonly<{ title: string; signedOutText: string; children: (user: User) => ReactNode }>) {
  useDocumentTitle(title)
  const { user, loaded } = useCurrentUser()
  const wasSignedIn = useRef(false)
  if (user) wasSignedIn.current = true
  const askToSignIn = loaded && !user && !wasSignedIn.current
  useEffect(() => {
    if (askToSignIn) openDialog({ kind: 'signIn' })
  }, [askToSignIn])

  let body: ReactNode
  if (!loaded) body = <Spinner role="status" aria-label={s.loading} />
  else if (!user) {
    body = (
      <Card>
        <Flex direction="column" gap="3" align="start">
          <Text>{signedOutText}</Text>
          <Button onClick={() => openDialog({ kind: 'signIn' })}>{s.logIn}</Button>
        </Flex>
      </Card>
    )
  } else body = children(user)

  return (
    <>
      <AppHeader />
      <main id="main" className="page">
        <Flex direction="column" gap="5" maxWidth="640px" mx="auto" p="4">
          <Link {...exploreLink()}>{s.exploreClones}</Link>
          <Heading as="h1" size="6">
            {title}
          </Heading>
          {body}
        </Flex>
      </main>
    </>
  )
}

/** One titled part of an account page, labelled by its heading. */
export function AccountSection({
  id,
  title,
  intro,
  children,
  tone,
}: Readonly<{ id: string; title: string; intro?: string; children: ReactNode; tone?: 'danger' }>) {
  return (
    <Card asChild className={tone === 'danger' ? 'account-danger' : undefined}>
      <section aria-labelledby={id}>
        <Flex direction="column" gap="3">
          <Flex direction="column" gap="1">
            <Heading as="h2" size="4" id={id} color={tone === 'danger' ? 'red' : undefined}>
              {title}
            </Heading>
            {intro ? (
              <Text size="2" color="gray">
                {intro}
              </Text>
            ) : null}
          </Flex>
          {children}
        </Flex>
      </section>
    </Card>
  )
}
