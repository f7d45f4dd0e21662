import './knowledge.css'
import { Heading } from '@radix-ui/themes'
import { useQuery } from '@tanstack/react-query'
import { useParams } from '@tanstack/react-router'
import { sourcesQuery } from '../../api/studio-knowledge'
import { StudioPage, useStudioClone, ViewProfileButton } from '../studio'
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
  const { allowed, name } = useStudioClone(slug)
  const sources = useQuery({
    ...sourcesQuery(slug),
    enabled: allowed,
    refetchInterval: (query) => (hasUnsettled(query.state.data?.sources) ? SOURCES_POLL_MS : false),
  })
  return (
    <StudioPage
      slug={slug}
      current="knowledge"
      className="knowledge-page"
      documentTitle={s.pageTitle(name)}
      allowed={allowed}
      notFoundFrom={[sources]}
      texts={s}
      title={s.title}
      subtitle={s.subtitle(name)}
      actions={<ViewProfileButton slug={slug} label={s.viewProfile} />}
    >
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
    </StudioPage>
  )
}
