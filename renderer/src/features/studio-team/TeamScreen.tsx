import './team.css'
import { Button, Flex, Heading, Spinner, Text } from '@radix-ui/themes'
import { useQuery } from '@tanstack/react-query'
import { useParams } from '@tanstack/react-router'
import { isApiError } from '../../api/client'
import { cloneQuery } from '../../api/clones'
import { studioTeamQuery } from '../../api/studio-run'
import { isCloneCreator, isCloneTeam } from '../../lib/clone-team'
import { useDocumentTitle } from '../../ui/use-document-title'
import { useCurrentUser } from '../auth'
import { AppHeader } from '../shell'
import { StudioAccessGate, StudioNav } from '../studio'
import { InviteForm } from './InviteForm'
import { PendingInvites, TeamMembers } from './TeamLists'
import { teamStrings as s } from './team.strings'

/** /studio/$slug/team (the router's lazy route component). */
export function TeamRoute() {
  const { slug } = useParams({ strict: false }) as { slug: string }
  return <StudioTeamScreen slug={slug} />
}

/**
 * The clone's team (issue #16): the creator, the contributors and the pending invitations. The CREATOR
 * invites by e-mail, sends again, revokes and removes; a CONTRIBUTOR sees it read-only; anyone else 404s.
 */
export function StudioTeamScreen({ slug }: Readonly<{ slug: string }>) {
  const { user, relationships } = useCurrentUser()
  const allowed = user !== null && isCloneTeam(slug, relationships)
  const editable = isCloneCreator(slug, relationships)
  const clone = useQuery({ ...cloneQuery(slug), enabled: allowed })
  const team = useQuery({ ...studioTeamQuery(slug), enabled: allowed })
  const name = clone.data?.name ?? slug
  useDocumentTitle(s.pageTitle(name))
  const notFound = team.isError && isApiError(team.error) && team.error.isNotFound

  let content: React.ReactNode
  if (team.isPending) content = <Spinner size="3" role="status" aria-label={s.loading} />
  else if (team.isError) {
    content = (
      <Flex direction="column" gap="2" align="start" role="alert">
        <Text color="red">{s.loadFailed}</Text>
        <Button variant="soft" onClick={() => void team.refetch()}>
          {s.retry}
        </Button>
      </Flex>
    )
  } else {
    content = (
      <>
        {editable ? <InviteForm slug={slug} /> : null}
        <TeamMembers
          slug={slug}
          members={team.data.members}
          editable={editable}
          currentUserId={user?.id ?? ''}
        />
        <PendingInvites slug={slug} invites={team.data.invites} editable={editable} />
      </>
    )
  }

  return (
    <>
      <AppHeader />
      <main id="main" className="page studio-team-page">
        <StudioAccessGate allowed={allowed} notFound={notFound} texts={s}>
          <StudioNav slug={slug} current="team" />
          <Flex direction="column" gap="5">
            <Flex direction="column" gap="1">
              <Heading as="h1" size="7">
                {s.title}
              </Heading>
              <Text color="gray">{s.subtitle(name)}</Text>
              {editable ? null : (
                <Text size="2" color="gray">
                  {s.viewOnly}
                </Text>
              )}
            </Flex>
            {content}
          </Flex>
        </StudioAccessGate>
      </main>
    </>
  )
}
