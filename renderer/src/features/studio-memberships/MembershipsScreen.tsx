import './memberships.css'
import { Button, Flex, Heading, Text } from '@radix-ui/themes'
import { useQuery } from '@tanstack/react-query'
import { useParams } from '@tanstack/react-router'
import { studioMembershipsQuery, studioMonetizationQuery } from '../../api/studio-run'
import { PlusIcon } from '../../ui/lazy-icons'
import { QueryState, StudioPage, useStudioClone } from '../studio'
import { MembershipDialog } from './MembershipDialog'
import { MembershipList } from './MembershipList'
import { membershipsStrings as s } from './memberships.strings'
import { QuotaForm } from './QuotaForm'

/** /studio/$slug/memberships (the router's lazy route component). */
export function MembershipsRoute() {
  const { slug } = useParams({ strict: false }) as { slug: string }
  return <StudioMembershipsScreen slug={slug} />
}

/**
 * Running a clone (issue #16): its memberships with prices and quotas, the anonymous quota and the paywall
 * title. The CREATOR changes them; a CONTRIBUTOR reads them; anyone else sees 'No memberships here'.
 */
export function StudioMembershipsScreen({ slug }: Readonly<{ slug: string }>) {
  const { allowed, editable, name } = useStudioClone(slug)
  const plans = useQuery({ ...studioMembershipsQuery(slug), enabled: allowed })
  const monetization = useQuery({ ...studioMonetizationQuery(slug), enabled: allowed })
  return (
    <StudioPage
      slug={slug}
      current="memberships"
      className="studio-run-page"
      documentTitle={s.pageTitle(name)}
      allowed={allowed}
      notFoundFrom={[plans, monetization]}
      texts={s}
      title={s.title}
      subtitle={s.subtitle(name)}
      note={editable ? null : s.viewOnly}
    >
      <QueryState queries={[plans, monetization]} texts={s}>
        {({ memberships }, quotas) => (
          <>
            <section aria-labelledby="plans-heading">
              <Flex direction="column" gap="3">
                <Flex justify="between" align="center" gap="3" wrap="wrap">
                  <Heading as="h2" size="5" id="plans-heading">
                    {s.plansHeading}
                  </Heading>
                  {editable ? (
                    <MembershipDialog
                      slug={slug}
                      membership={null}
                      trigger={
                        <Button id="new-membership">
                          <PlusIcon size={16} />
                          {s.newMembership}
                        </Button>
                      }
                    />
                  ) : null}
                </Flex>
                {memberships.length === 0 ? (
                  <Flex direction="column" gap="1" py="4">
                    <Text weight="medium">{s.empty}</Text>
                    <Text color="gray">{editable ? s.emptyBody : s.emptyBodyViewOnly}</Text>
                  </Flex>
                ) : (
                  <MembershipList slug={slug} memberships={memberships} editable={editable} />
                )}
              </Flex>
            </section>
            <QuotaForm slug={slug} cloneName={name} saved={quotas} editable={editable} />
          </>
        )}
      </QueryState>
    </StudioPage>
  )
}
