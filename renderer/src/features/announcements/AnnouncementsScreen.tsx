import { isCloneTeam } from '../../lib/clone-team'
import './announcements.css'
import { Button, Flex, Heading, Spinner, Text } from '@radix-ui/themes'
import { useQuery } from '@tanstack/react-query'
import { Link, useParams } from '@tanstack/react-router'
import { isApiError } from '../../api/client'
import { cloneQuery } from '../../api/clones'
import { announcementsQuery } from '../../api/studio'
import { profileLink } from '../../navigation/clone-links'
import { useDocumentTitle } from '../../ui/use-document-title'
import { useCurrentUser } from '../auth'
import { AppHeader } from '../shell'
import { StudioAccessGate, StudioNav } from '../studio'
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
  const { user, relationships } = useCurrentUser()
  const allowed = user !== null && isCloneTeam(slug, relationships)
  const clone = useQuery({ ...cloneQuery(slug), enabled: allowed })
  const list = useQuery({ ...announcementsQuery(slug), enabled: allowed })
  const name = clone.data?.name ?? slug
  useDocumentTitle(s.pageTitle(name))
  const notFound = list.isError && isApiError(list.error) && list.error.isNotFound

  let content: React.ReactNode
  if (list.isPending) content = <Spinner size="3" role="status" aria-label={s.loading} />
  else if (list.isError) {
    content = (
      <Flex direction="column" gap="2" align="start" role="alert">
        <Text color="red">{s.loadFailed}</Text>
        <Button variant="soft" onClick={() => void list.refetch()}>
          {s.retry}
        </Button>
      </Flex>
    )
  } else content = <AnnouncementList slug={slug} items={list.data.announcements} />

  return (
    <>
      <AppHeader />
      <main id="main" className="page announcements-page">
        <StudioAccessGate allowed={allowed} notFound={notFound} texts={s}>
          <StudioNav slug={slug} current="announcements" />
          <Flex direction="column" gap="5">
            <Flex justify="between" align="end" gap="3" wrap="wrap">
              <Flex direction="column" gap="1">
                <Heading as="h1" size="7">
                  {s.title}
                </Heading>
                <Text color="gray">{s.subtitle(name)}</Text>
              </Flex>
              <Button asChild variant="soft" color="gray">
                <Link {...profileLink(slug)}>{s.viewProfile}</Link>
              </Button>
            </Flex>
            {notFound ? null : <AnnouncementComposer slug={slug} />}
            {content}
          </Flex>
        </StudioAccessGate>
      </main>
    </>
  )
}
