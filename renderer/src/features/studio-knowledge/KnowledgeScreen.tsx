import './knowledge.css'
import { Button, Flex, Heading, Text } from '@radix-ui/themes'
import { useQuery } from '@tanstack/react-query'
import { Link, useParams } from '@tanstack/react-router'
import { isApiError } from '../../api/client'
import { cloneQuery } from '../../api/clones'
import { sourcesQuery } from '../../api/studio-knowledge'
import { isCloneTeam } from '../../lib/clone-team'
import { profileLink } from '../../navigation/clone-links'
import { useDocumentTitle } from '../../ui/use-document-title'
import { useCurrentUser } from '../auth'
import { AppHeader } from '../shell'
import { StudioAccessGate, StudioNav } from '../studio'
import { AddSourceBar } from './AddSourceBar'
import { SOURCES_POLL_MS } from './knowledge.constants'
import { knowledgeStrings as s } from './knowledge.strings'
import { SourcesSection } from './SourcesSection'
import { hasUnsettled } from './source-list'
import { TestQuestionBox } from './TestQuestionBox'

/** /studio/$slug/knowledge (the router's lazy route component). */
export function KnowledgeRoute() {
  const { slug } = useParams({ strict: false }) as { slug: string }
  return <KnowledgeScreen slug={slug} />
}

/**
 * Issue #16 'Teach it': the clone's knowledge base for its CREATOR and CONTRIBUTORs. Add sources, watch
 * them being read (the list asks again while any is queued or reading, and stops once all are settled),
 * re-read or remove them, and try the clone's answers in the test box. Anyone else sees the studio's
 * 'not here' panel.
 */
export function KnowledgeScreen({ slug }: Readonly<{ slug: string }>) {
  const { user, relationships } = useCurrentUser()
  const allowed = user !== null && isCloneTeam(slug, relationships)
  const clone = useQuery({ ...cloneQuery(slug), enabled: allowed })
  const sources = useQuery({
    ...sourcesQuery(slug),
    enabled: allowed,
    refetchInterval: (query) => (hasUnsettled(query.state.data?.sources) ? SOURCES_POLL_MS : false),
  })
  const name = clone.data?.name ?? slug
  useDocumentTitle(s.pageTitle(name))
  const notFound = sources.isError && isApiError(sources.error) && sources.error.isNotFound

  return (
    <>
      <AppHeader />
      <main id="main" className="page knowledge-page">
        <StudioAccessGate allowed={allowed} notFound={notFound} texts={s}>
          <StudioNav slug={slug} current="knowledge" />
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
            <div className="knowledge-layout">
              <section aria-labelledby="knowledge-add-heading" className="knowledge-layout__add">
                <Heading as="h2" size="4" id="knowledge-add-heading" mb="3">
                  {s.addHeading}
                </Heading>
                <AddSourceBar slug={slug} />
              </section>
              <aside className="knowledge-aside">
                <TestQuestionBox slug={slug} />
              </aside>
              <SourcesSection slug={slug} sources={sources} />
            </div>
          </Flex>
        </StudioAccessGate>
      </main>
    </>
  )
}
