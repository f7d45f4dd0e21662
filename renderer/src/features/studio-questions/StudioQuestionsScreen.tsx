import { isCloneTeam } from '../../lib/clone-team'
import './studio-questions.css'
import { Button, Flex, Heading, Spinner, Text } from '@radix-ui/themes'
import { useQuery } from '@tanstack/react-query'
import { Link, useParams } from '@tanstack/react-router'
import { isApiError } from '../../api/client'
import { cloneQuery } from '../../api/clones'
import { studioQuestionsQuery } from '../../api/studio'
import { profileLink } from '../../navigation/clone-links'
import { useDocumentTitle } from '../../ui/use-document-title'
import { useCurrentUser } from '../auth'
import { AppHeader } from '../shell'
import { StudioAccessGate, StudioNav } from '../studio'
import { QuestionsEditor } from './QuestionsEditor'
import { studioQuestionsStrings as s } from './studio-questions.strings'

/** /studio/$slug/build/questions (the router's lazy route component). */
export function StudioQuestionsRoute() {
  const { slug } = useParams({ strict: false }) as { slug: string }
  return <StudioQuestionsScreen slug={slug} />
}

/**
 * spec 1 §2: the studio page for editing suggested questions, for the clone's CREATOR or a CONTRIBUTOR.
 * Signed-out visitors are asked to log in; anyone else sees the same 'not here' panel as the leads page.
 */
export function StudioQuestionsScreen({ slug }: Readonly<{ slug: string }>) {
  const { user, relationships } = useCurrentUser()
  const allowed = user !== null && isCloneTeam(slug, relationships)
  const clone = useQuery({ ...cloneQuery(slug), enabled: allowed })
  const questions = useQuery({ ...studioQuestionsQuery(slug), enabled: allowed })
  const name = clone.data?.name ?? slug
  useDocumentTitle(s.pageTitle(name))
  const notFound = questions.isError && isApiError(questions.error) && questions.error.isNotFound

  let content: React.ReactNode
  if (questions.isPending) content = <Spinner size="3" role="status" aria-label={s.loading} />
  else if (questions.isError) {
    content = (
      <Flex direction="column" gap="2" align="start" role="alert">
        <Text color="red">{s.loadFailed}</Text>
        <Button variant="soft" onClick={() => void questions.refetch()}>
          {s.retry}
        </Button>
      </Flex>
    )
  } else content = <QuestionsEditor slug={slug} saved={questions.data.questions} />

  return (
    <>
      <AppHeader />
      <main id="main" className="page studio-questions-page">
        <StudioAccessGate allowed={allowed} notFound={notFound} texts={s}>
          <StudioNav slug={slug} current="questions" />
          <Flex direction="column" gap="4">
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
            {content}
          </Flex>
        </StudioAccessGate>
      </main>
    </>
  )
}
