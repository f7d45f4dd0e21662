import './memberships.css'
import { Button, Flex, Heading, Spinner, Text } from '@radix-ui/themes'
import { useQuery } from '@tanstack/react-query'
import { useParams } from '@tanstack/react-router'
import { isApiError } from '../../api/client'
import { cloneQuery } from '../../api/clones'
import { studioMembershipsQuery, studioMonetizationQuery } from '../../api/studio-run'
import { isCloneCreator, isCloneTeam } from '../../lib/clone-team'
import { PlusIcon } from '../../ui/lazy-icons'
import { useDocumentTitle } from '../../ui/use-document-title'
import { useCurrentUser } from '../auth'
import { AppHeader } from '../shell'
import { StudioAccessGate, StudioNav } from '../studio'
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
  const { user, relationships } = useCurrentUser()
  const allowed = user !== null && isCloneTeam(slug, relationships)
  const editable = isCloneCreator(slug, relationships)
  const clone = useQuery({ ...cloneQuery(slug), enabled: allowed })
  const plans = useQuery({ ...studioMembershipsQuery(slug), enabled: allowed })
  const monetization = useQuery({ ...studioMonetizationQuery(slug), enabled: allowed })
  const name = clone.data?.name ?? slug
  useDocumentTitle(s.pageTitle(name))
  const notFound = [plans, monetization].some((q) => q.isError && isApiError(q.error) && q.error.isNotFound)

  let content: React.ReactNode
  if (plans.isPending || monetization.isPending)
    content = <Spinner size="3" role="status" aria-label={s.loading} />
  else if (plans.isError || monetization.isError) {
    content = (
      <Flex direction="column" gap="2" align="start" role="alert">
        <Text color="red">{s.loadFailed}</Text>
        <Button
          variant="soft"
          onClick={() => {
            void plans.refetch()
            void monetization.refetch()
          }}
        >
          {s.retry}
        </Button>
      </Flex>
    )
  } else {
    const list = plans.data.memberships
    content = (
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
            {list.length === 0 ? (
              <Flex direction="column" gap="1" py="4">
                <Text weight="medium">{s.empty}</Text>
                <Text color="gray">{editable ? s.emptyBody : s.emptyBodyViewOnly}</Text>
              </Flex>
            ) : (
              <MembershipList slug={slug} memberships={list} editable={editable} />
            )}
          </Flex>
        </section>
        <QuotaForm slug={slug} cloneName={name} saved={monetization.data} editable={editable} />
      </>
    )
  }

  return (
    <>
      <AppHeader />
      <main id="main" className="page studio-run-page">
        <StudioAccessGate allowed={allowed} notFound={notFound} texts={s}>
          <StudioNav slug={slug} current="memberships" />
          <Flex direction="column" gap="5">
            <Flex direction="column" gap="1">
              <Heading as="h1" size="7">
                {s.title}
              </Heading>
              <Text color="gray">{s.subtitle(name)}</Text>
              {editable ? null : (
                <Text size="2" color="gray">
                  {s.viewOnly}
                </Text>
              )}
            </Flex>
            {content}
          </Flex>
        </StudioAccessGate>
      </main>
    </>
  )
}
