import { Flex, Spinner } from '@radix-ui/themes'
import { useQuery } from '@tanstack/react-query'
import type { CloneProfile } from '../../../../contract/clone'
import { isApiError } from '../../api/client'
import { cloneQuery } from '../../api/clones'
import { useDocumentTitle } from '../../ui/use-document-title'
import { CloneLoadFailed, CloneNotFound } from '../profile'
import { AppHeader } from '../shell'
// Imported here, where the call screens use it: the build drops a re-exporting index's own CSS import.
import './calls.css'

/**
 * The page frame of a call (voice and video, spec 2 §2): the clone loaded by slug and instance, a spinner
 * while it loads, the profile's not-found and load-failure screens, the app header (its account menu hidden
 * when the clone does not require an email, spec 2 §6; kept while the clone loads) and the main landmark.
 */
export function CallPage({
  slug,
  instanceSlug,
  className,
  loadingLabel,
  title,
  children,
}: Readonly<{
  slug: string
  instanceSlug?: string
  /** The main element's classes ('page call-page' and the kind's own). */
  className: string
  loadingLabel: string
  /** The document title once the clone is known. */
  title: (clone: CloneProfile) => string
  children: (clone: CloneProfile) => React.ReactNode
}>) {
  const query = useQuery(cloneQuery(slug, instanceSlug))
  useDocumentTitle(query.data ? title(query.data) : undefined)
  let body: React.ReactNode
  if (query.isPending) {
    body = (
      <Flex justify="center" py="9" role="status" aria-label={loadingLabel}>
        <Spinner size="3" />
      </Flex>
    )
  } else if (query.isError) {
    body =
      isApiError(query.error) && query.error.isNotFound ? (
        <CloneNotFound />
      ) : (
        <CloneLoadFailed detail={query.error.message} onRetry={() => void query.refetch()} />
      )
  } else {
    body = children(query.data)
  }
  return (
    <>
      <AppHeader account={query.data?.options.requireEmail !== false} />
      <main id="main" className={className}>
        {body}
      </main>
    </>
  )
}
