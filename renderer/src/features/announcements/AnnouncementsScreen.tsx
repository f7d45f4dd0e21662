import './announcements.css'
import { useQuery } from '@tanstack/react-query'
import { useParams } from '@tanstack/react-router'
import { announcementsQuery } from '../../api/studio'
import { QueryState, StudioPage, useStudioClone, ViewProfileButton } from '../studio'
import { AnnouncementComposer } from './AnnouncementComposer'
import { AnnouncementList } from './AnnouncementList'
import { announcementsStrings as s } from './announcements.strings'

/** /studio/$slug/announcements (the router's lazy route component). */
export function AnnouncementsRoute() {
  const { slug } = useParams({ strict: false }) as { slug: string }
  return <AnnouncementsScreen slug={slug} />
}

/**
 * spec 1 §2 creator announcements (issue #15): the clone's CREATOR or a CONTRIBUTOR posts a message into its
 * visitors' chats and sees what was posted. Anyone else sees the creator pages' 'not here' panel.
 */
export function AnnouncementsScreen({ slug }: Readonly<{ slug: string }>) {
  const { allowed, name } = useStudioClone(slug)
  const list = useQuery({ ...announcementsQuery(slug), enabled: allowed })
  // A 404 closes the door, so the composer is only ever shown for a clone that is here.
  return (
    <StudioPage
      slug={slug}
      current="announcements"
      className="announcements-page"
      documentTitle={s.pageTitle(name)}
      allowed={allowed}
      notFoundFrom={[list]}
      texts={s}
      title={s.title}
      subtitle={s.subtitle(name)}
      actions={<ViewProfileButton slug={slug} label={s.viewProfile} />}
    >
      <AnnouncementComposer slug={slug} />
      <QueryState queries={[list]} texts={s}>
        {(data) => <AnnouncementList slug={slug} items={data.announcements} />}
      </QueryState>
    </StudioPage>
  )
}
