import { isCloneTeam } from '../../lib/clone-team'
import './leads.css'
import { Button, Flex, Heading, Spinner, Text } from '@radix-ui/themes'
import { type UseQueryResult, useQuery } from '@tanstack/react-query'
import { useParams } from '@tanstack/react-router'
import type { LeadList } from '../../../../contract/embed'
import { isApiError } from '../../api/client'
import { cloneQuery } from '../../api/clones'
import { leadsQuery } from '../../api/embed'
import { useDocumentTitle } from '../../ui/use-document-title'
import { useCurrentUser } from '../auth'
import { AppHeader } from '../shell'
import { StudioAccessGate, StudioNav } from '../studio'
import { LeadsActivity } from './LeadsActivity'
import { LeadsDownload } from './LeadsDownload'
import { LeadsTable } from './LeadsTable'
import { leadsStrings as s } from './leads.strings'

/** /studio/$slug/leads (the router's lazy route component). */
export function LeadsRoute() {
  const { slug } = useParams({ strict: false }) as { slug: string }
  return <LeadsScreen slug={slug} />
}

/**
 * The creator's leads: everyone captured in an embed or opted in to texts, for the CREATOR or a
 * CONTRIBUTOR of the clone. Signed-out visitors are asked to log in; anyone else sees 'No leads here'.
 */
export function LeadsScreen({ slug }: Readonly<{ slug: string }>) {
  const { user, relationships } = useCurrentUser()
  const allowed = user !== null && isCloneTeam(slug, relationships)
  const clone = useQuery({ ...cloneQuery(slug), enabled: allowed })
  const leads = useQuery({ ...leadsQuery(slug), enabled: allowed })
  const name = clone.data?.name ?? slug
  useDocumentTitle(s.pageTitle(name))

  const notFound = leads.isError && isApiError(leads.error) && leads.error.isNotFound
  const body = (
    <StudioAccessGate allowed={allowed} notFound={notFound} texts={s}>
      <StudioNav slug={slug} current="leads" />
      <LeadsBody slug={slug} name={name} leads={leads} />
    </StudioAccessGate>
  )

  return (
    <>
      <AppHeader />
      <main id="main" className="page leads-page">
        {body}
      </main>
    </>
  )
}

function LeadsBody({
  slug,
  name,
  leads,
}: Readonly<{ slug: string; name: string; leads: UseQueryResult<LeadList> }>) {
  let content: React.ReactNode
  if (leads.isPending) content = <Spinner size="3" role="status" aria-label={s.loading} />
  else if (leads.isError) {
    content = (
      <Flex direction="column" gap="2" align="start" role="alert">
        <Text color="red">{s.loadFailed}</Text>
        <Button variant="soft" onClick={() => void leads.refetch()}>
          {s.retry}
        </Button>
      </Flex>
    )
  } else if (leads.data.leads.length === 0) {
    content = (
      <Flex direction="column" gap="1" py="6">
        <Heading as="h2" size="4">
          {s.empty}
        </Heading>
        <Text color="gray">{s.emptyBody}</Text>
      </Flex>
    )
  } else {
    content = (
      <>
        <Text as="p" size="2" color="gray" mb="2">
          {s.count(leads.data.leads.length)}
        </Text>
        <LeadsTable leads={leads.data.leads} name={name} />
      </>
    )
  }
  return (
    <Flex direction="column" gap="4">
      <Flex justify="between" align="end" gap="3" wrap="wrap">
        <Flex direction="column" gap="1">
          <Heading as="h1" size="7">
            {s.title}
          </Heading>
          <Text color="gray">{s.subtitle(name)}</Text>
        </Flex>
        <Flex gap="2" wrap="wrap">
          <LeadsDownload slug={slug} />
        </Flex>
      </Flex>
      <LeadsActivity slug={slug} name={name} />
      {content}
    </Flex>
  )
}
