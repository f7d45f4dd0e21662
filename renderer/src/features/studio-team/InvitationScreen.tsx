import './team.css'
import { Button, Callout, Card, Flex, Heading, Spinner, Text } from '@radix-ui/themes'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { Link, useNavigate, useParams } from '@tanstack/react-router'
import { toast } from 'sonner'
import { meQuery } from '../../api/auth'
import { isApiError, serverMessageOr } from '../../api/client'
import { acceptInvitation, invitationQuery } from '../../api/studio-run'
import { exploreLink } from '../../navigation/clone-links'
import { openDialog } from '../../navigation/dialogs.store'
import { useDocumentTitle } from '../../ui/use-document-title'
import { useCurrentUser } from '../auth'
import { AppHeader } from '../shell'
import { teamStrings } from './team.strings'

const s = teamStrings.invitation

/** /studio/invite/$token (the router's lazy route component). */
export function InvitationRoute() {
  const { token } = useParams({ strict: false }) as { token: string }
  return <InvitationScreen token={token} />
}

/**
 * The page a contributor invitation links to (issue #16): which clone invites, to which (masked) address; a
 * signed-out visitor logs in first. Accepting makes the signed-in user a CONTRIBUTOR, refreshes who they are
 * (their relationships) and opens the clone's team page. A wrong, expired, revoked or used link, or the
 * wrong account, gets the server's clear message.
 */
export function InvitationScreen({ token }: Readonly<{ token: string }>) {
  useDocumentTitle(s.pageTitle)
  const { user, loaded } = useCurrentUser()
  const queryClient = useQueryClient()
  const navigate = useNavigate()
  const invitation = useQuery(invitationQuery(token))
  const accept = useMutation({
    mutationFn: () => acceptInvitation(token),
    onSuccess: async ({ cloneSlug, cloneName }) => {
      // The studio pages read the relationships of /api/me: fresh before going there.
      await queryClient.fetchQuery({ ...meQuery(), staleTime: 0 }).catch(() => undefined)
      toast.success(s.accepted(cloneName))
      await navigate({ to: '/studio/$slug/team', params: { slug: cloneSlug } })
    },
  })

  let content: React.ReactNode
  if (invitation.isPending || !loaded) content = <Spinner size="3" role="status" aria-label={s.loading} />
  else if (invitation.isError) {
    const known =
      isApiError(invitation.error) && (invitation.error.status === 404 || invitation.error.status === 410)
    content = (
      <Flex direction="column" gap="3" align="start" role="alert">
        <Heading as="h1" size="6">
          {s.invalidTitle}
        </Heading>
        <Text color="gray">{known ? invitation.error.message : s.loadFailed}</Text>
        {known ? (
          <Button asChild variant="soft">
            <Link {...exploreLink()}>{s.explore}</Link>
          </Button>
        ) : (
          <Button variant="soft" onClick={() => void invitation.refetch()}>
            {s.retry}
          </Button>
        )}
      </Flex>
    )
  } else {
    const { cloneName, email } = invitation.data
    content = (
      <Card size="3">
        <Flex direction="column" gap="3" align="start">
          <Heading as="h1" size="6">
            {s.title(cloneName)}
          </Heading>
          <Text>{s.body(cloneName, email)}</Text>
          {user ? (
            <>
              <Text size="2" color="gray">
                {s.signedInAs(user.email)}
              </Text>
              {accept.isError ? (
                <Callout.Root color="red" role="alert">
                  <Callout.Text>{serverMessageOr(accept.error, s.acceptFailed)}</Callout.Text>
                </Callout.Root>
              ) : null}
              <Button size="3" loading={accept.isPending} onClick={() => accept.mutate()}>
                {s.accept}
              </Button>
            </>
          ) : (
            <>
              <Text size="2" color="gray">
                {s.signedOut}
              </Text>
              <Button size="3" onClick={() => openDialog({ kind: 'signIn' })}>
                {s.logIn}
              </Button>
            </>
          )}
        </Flex>
      </Card>
    )
  }

  return (
    <>
      <AppHeader />
      <main id="main" className="page invitation-page">
        {content}
      </main>
    </>
  )
}
