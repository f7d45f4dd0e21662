import { Flex, Heading, Text } from '@radix-ui/themes'
import type { UseQueryResult } from '@tanstack/react-query'
import type { KnowledgeSourceList } from '../../../../contract/studio-knowledge'
import { QueryState } from '../studio'
import { knowledgeStrings as s } from './knowledge.strings'
import { SourceRow } from './SourceRow'
import { hasUnsettled } from './source-list'

/** The sources list with its loading, error (and retry) and empty states. */
export function SourcesSection({
  slug,
  sources,
}: Readonly<{ slug: string; sources: UseQueryResult<KnowledgeSourceList> }>) {
  const list = sources.data?.sources
  return (
    <section aria-labelledby="knowledge-sources-heading" className="knowledge-layout__sources">
      <Flex justify="between" align="baseline" gap="3" mb="3" wrap="wrap">
        <Heading as="h2" size="4" id="knowledge-sources-heading">
          {s.sourcesHeading}
        </Heading>
        {list && list.length > 0 ? (
          <Text size="2" color="gray">
            {s.sourcesCount(list.length)}
          </Text>
        ) : null}
      </Flex>
      {/* Said once while sources are being read, not at every refresh. */}
      <Text as="p" size="1" color="gray" role="status" className="knowledge-refreshing">
        {hasUnsettled(list) ? s.refreshing : null}
      </Text>
      <QueryState queries={[sources]} texts={s}>
        {(data) =>
          data.sources.length === 0 ? (
            <div className="knowledge-empty">
              <Heading as="h3" size="3">
                {s.emptyTitle}
              </Heading>
              <Text as="p" size="2" color="gray">
                {s.emptyBody}
              </Text>
            </div>
          ) : (
            <ul className="plain-list knowledge-sources" aria-label={s.sourcesLabel}>
              {data.sources.map((source) => (
                <SourceRow key={source.id} slug={slug} source={source} />
              ))}
            </ul>
          )
        }
      </QueryState>
    </section>
  )
}
