import './team.css'
import { useQuery } from '@tanstack/react-query'
import { useParams } from '@tanstack/react-router'
import { studioTeamQuery } from '../../api/studio-run'
import { QueryState, StudioPage, useStudioClone } from '../studio'
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
  const { user, allowed, editable, name } = useStudioClone(slug)
  const team = useQuery({ ...studioTeamQuery(slug), enabled: allowed })
  return (
    <StudioPage
      slug={slug}
      current="team"
      className="studio-team-page"
      documentTitle={s.pageTitle(name)}
      allowed={allowed}
      notFoundFrom={[team]}
      texts={s}
      title={s.title}
      subtitle={s.subtitle(name)}
      note={editable ? null : s.viewOnly}
    >
      <QueryState queries={[team]} texts={s}>
        {(data) => (
          <>
            {editable ? <InviteForm slug={slug} /> : null}
            <TeamMembers
              slug={slug}
              members={data.members}
              editable={editable}
              currentUserId={user?.id ?? ''}
            />
            <PendingInvites slug={slug} invites={data.invites} editable={editable} />
          </>
        )}
      </QueryState>
    </StudioPage>
  )
}
