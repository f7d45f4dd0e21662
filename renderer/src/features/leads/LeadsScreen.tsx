import './leads.css'
import { Flex, Heading, Text } from '@radix-ui/themes'
import { useQuery } from '@tanstack/react-query'
import { useParams } from '@tanstack/react-router'
import { leadsQuery } from '../../api/embed'
import { QueryState, StudioPage, useStudioClone } from '../studio'
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
  const { allowed, name } = useStudioClone(slug)
  const leads = useQuery({ ...leadsQuery(slug), enabled: allowed })
  return (
    <StudioPage
      slug={slug}
      current="leads"
      className="leads-page"
      documentTitle={s.pageTitle(name)}
      allowed={allowed}
      notFoundFrom={[leads]}
      texts={s}
      title={s.title}
      subtitle={s.subtitle(name)}
      actions={
        <Flex gap="2" wrap="wrap">
          <LeadsDownload slug={slug} />
        </Flex>
      }
      gap="4"
    >
      <LeadsActivity slug={slug} name={name} />
      <QueryState queries={[leads]} texts={s}>
        {(data) =>
          data.leads.length === 0 ? (
            <Flex direction="column" gap="1" py="6">
              <Heading as="h2" size="4">
                {s.empty}
              </Heading>
              <Text color="gray">{s.emptyBody}</Text>
            </Flex>
          ) : (
            <>
              <Text as="p" size="2" color="gray" mb="2">
                {s.count(data.leads.length)}
              </Text>
              <LeadsTable leads={data.leads} name={name} />
            </>
          )
        }
      </QueryState>
    </StudioPage>
  )
}
