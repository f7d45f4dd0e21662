import './embeds.css'
import { Button, Flex, Heading, Text } from '@radix-ui/themes'
import { useQuery } from '@tanstack/react-query'
import { useParams } from '@tanstack/react-router'
import { useRef } from 'react'
import { embedConfigsQuery } from '../../api/embed'
import { usePlatform } from '../../platform'
import { PlusIcon } from '../../ui/lazy-icons'
import { useCurrentUser } from '../auth'
import { QueryState, StudioPage, useStudioClone } from '../studio'
import { EmbedConfigCard } from './EmbedConfigCard'
import { EmbedConfigDialog } from './EmbedConfigDialog'
import { EmbedLivePreview } from './EmbedLivePreview'
import { canEditEmbeds, canSeeEmbeds } from './embed-form'
import { productOriginOf } from './embed-snippet'
import { embedsStrings as s } from './embeds.strings'

/** /studio/$slug/embeds (the router's lazy route component). */
export function EmbedsRoute() {
  const { slug } = useParams({ strict: false }) as { slug: string }
  return <EmbedsScreen slug={slug} />
}

/**
 * A creator's embed configurations (issue #14): the snippet of each, and for the CREATOR create, edit and
 * delete; a CONTRIBUTOR sees them. Signed-out visitors are asked to log in; anyone else sees 'No embeds here'.
 */
export function EmbedsScreen({ slug }: Readonly<{ slug: string }>) {
  const { allowed, name } = useStudioClone(slug, canSeeEmbeds)
  const editable = canEditEmbeds(slug, useCurrentUser().relationships)
  const configs = useQuery({ ...embedConfigsQuery(slug), enabled: allowed })
  const platform = usePlatform()
  const productOrigin = productOriginOf(platform.apiBaseUrl, window.location.origin)
  // A deleted card took the focus with it: it goes back to the page's heading.
  const headingRef = useRef<HTMLHeadingElement>(null)
  return (
    <StudioPage
      slug={slug}
      current="embeds"
      className="embeds-page"
      documentTitle={s.pageTitle(name)}
      allowed={allowed}
      notFoundFrom={[configs]}
      texts={s}
      title={s.title}
      subtitle={s.subtitle(name)}
      note={editable ? null : s.viewOnly}
      headingRef={headingRef}
      actions={
        <Flex gap="2" wrap="wrap">
          {editable ? (
            <EmbedConfigDialog
              slug={slug}
              config={null}
              trigger={
                <Button>
                  <PlusIcon size={16} />
                  {s.newEmbed}
                </Button>
              }
            />
          ) : null}
        </Flex>
      }
      gap="4"
    >
      <QueryState queries={[configs]} texts={s}>
        {(data) =>
          data.configs.length === 0 ? (
            <Flex direction="column" gap="1" py="6">
              <Heading as="h2" size="4">
                {s.empty}
              </Heading>
              <Text color="gray">{editable ? s.emptyBody : s.emptyBodyViewOnly}</Text>
            </Flex>
          ) : (
            <>
              <Text as="p" size="2" color="gray">
                {s.count(data.configs.length)}
              </Text>
              <Flex direction="column" gap="4">
                {data.configs.map((config) => (
                  <EmbedConfigCard
                    key={config.id}
                    slug={slug}
                    config={config}
                    productOrigin={productOrigin}
                    editable={editable}
                    onDeleted={() => headingRef.current?.focus()}
                  />
                ))}
              </Flex>
              <EmbedLivePreview configs={data.configs} productOrigin={productOrigin} />
            </>
          )
        }
      </QueryState>
    </StudioPage>
  )
}
