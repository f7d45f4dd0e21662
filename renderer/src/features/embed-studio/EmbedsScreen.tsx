import './embeds.css'
import { Button, Flex, Heading, Spinner, Text } from '@radix-ui/themes'
import { type UseQueryResult, useQuery } from '@tanstack/react-query'
import { useParams } from '@tanstack/react-router'
import { useRef } from 'react'
import type { EmbedConfigList } from '../../../../contract/embed'
import { isApiError } from '../../api/client'
import { cloneQuery } from '../../api/clones'
import { embedConfigsQuery } from '../../api/embed'
import { usePlatform } from '../../platform'
import { PlusIcon } from '../../ui/lazy-icons'
import { useDocumentTitle } from '../../ui/use-document-title'
import { useCurrentUser } from '../auth'
import { AppHeader } from '../shell'
import { StudioAccessGate, StudioNav } from '../studio'
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
  const { user, relationships } = useCurrentUser()
  const allowed = user !== null && canSeeEmbeds(slug, relationships)
  const clone = useQuery({ ...cloneQuery(slug), enabled: allowed })
  const configs = useQuery({ ...embedConfigsQuery(slug), enabled: allowed })
  const name = clone.data?.name ?? slug
  useDocumentTitle(s.pageTitle(name))

  const notFound = configs.isError && isApiError(configs.error) && configs.error.isNotFound
  const body = (
    <StudioAccessGate allowed={allowed} notFound={notFound} texts={s}>
      <StudioNav slug={slug} current="embeds" />
      <EmbedsBody slug={slug} name={name} configs={configs} editable={canEditEmbeds(slug, relationships)} />
    </StudioAccessGate>
  )

  return (
    <>
      <AppHeader />
      <main id="main" className="page embeds-page">
        {body}
      </main>
    </>
  )
}

function EmbedsBody({
  slug,
  name,
  configs,
  editable,
}: Readonly<{ slug: string; name: string; configs: UseQueryResult<EmbedConfigList>; editable: boolean }>) {
  const platform = usePlatform()
  const productOrigin = productOriginOf(platform.apiBaseUrl, window.location.origin)
  // A deleted card took the focus with it: it goes back to the page's heading.
  const headingRef = useRef<HTMLHeadingElement>(null)

  let content: React.ReactNode
  if (configs.isPending) content = <Spinner size="3" role="status" aria-label={s.loading} />
  else if (configs.isError) {
    content = (
      <Flex direction="column" gap="2" align="start" role="alert">
        <Text color="red">{s.loadFailed}</Text>
        <Button variant="soft" onClick={() => void configs.refetch()}>
          {s.retry}
        </Button>
      </Flex>
    )
  } else if (configs.data.configs.length === 0) {
    content = (
      <Flex direction="column" gap="1" py="6">
        <Heading as="h2" size="4">
          {s.empty}
        </Heading>
        <Text color="gray">{editable ? s.emptyBody : s.emptyBodyViewOnly}</Text>
      </Flex>
    )
  } else {
    content = (
      <>
        <Text as="p" size="2" color="gray">
          {s.count(configs.data.configs.length)}
        </Text>
        <Flex direction="column" gap="4">
          {configs.data.configs.map((config) => (
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
        <EmbedLivePreview configs={configs.data.configs} productOrigin={productOrigin} />
      </>
    )
  }

  return (
    <Flex direction="column" gap="4">
      <Flex justify="between" align="end" gap="3" wrap="wrap">
        <Flex direction="column" gap="1" className="embeds-page__intro">
          <Heading as="h1" size="7" ref={headingRef} tabIndex={-1} className="embeds-page__title">
            {s.title}
          </Heading>
          <Text color="gray">{s.subtitle(name)}</Text>
          {editable ? null : (
            <Text size="2" color="gray">
              {s.viewOnly}
            </Text>
          )}
        </Flex>
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
      </Flex>
      {content}
    </Flex>
  )
}
