import './voice.css'
import { Button, Flex, Spinner } from '@radix-ui/themes'
import { useQuery } from '@tanstack/react-query'
import { Link, useParams } from '@tanstack/react-router'
import { isApiError } from '../../api/client'
import { cloneQuery } from '../../api/clones'
import { sharedConversationQuery } from '../../api/history'
import { callLink } from '../../navigation/clone-links'
import { PhoneIcon, RefreshIcon, SearchIcon, WarningIcon } from '../../ui/icons'
import { StatusPanel } from '../../ui/StatusPanel'
import { useDocumentTitle } from '../../ui/use-document-title'
import { AppHeader } from '../shell'
import { TranscriptView } from './TranscriptView'
import { voiceStrings } from './voice.strings'

/** /{slug}/call/shared/{shareId}: a shared call, read-only (spec 2 §2, §6 'Shared view visitors'). */
export function SharedCallRoute() {
  const params = useParams({ strict: false }) as { slug?: string; shareId?: string }
  return <SharedCallScreen slug={params.slug ?? ''} shareId={params.shareId ?? ''} />
}

export function SharedCallScreen({ slug, shareId }: Readonly<{ slug: string; shareId: string }>) {
  const clone = useQuery(cloneQuery(slug))
  const shared = useQuery(sharedConversationQuery(shareId))
  const name = clone.data?.name
  useDocumentTitle(name ? voiceStrings.sharedCallTitle(name) : voiceStrings.transcriptShortTitle)
  const startOwn = (
    <Button asChild size="3">
      <Link {...callLink(slug)}>
        <PhoneIcon />
        {voiceStrings.startOwnCall}
      </Link>
    </Button>
  )

  let body: React.ReactNode
  if (clone.isPending || shared.isPending) {
    body = (
      <Flex justify="center" py="9" role="status" aria-label={voiceStrings.loading}>
        <Spinner size="3" />
      </Flex>
    )
  } else if (
    (shared.isError && isApiError(shared.error) && shared.error.isNotFound) ||
    (shared.data && shared.data.clone.slug !== slug)
  ) {
    body = <StatusPanel icon={<SearchIcon size={32} />} title={voiceStrings.sharedGone} actions={startOwn} />
  } else if (shared.isError || clone.isError) {
    body = (
      <StatusPanel
        icon={<WarningIcon size={32} />}
        title={voiceStrings.transcriptFailed}
        actions={
          <Button
            size="3"
            onClick={() => {
              void clone.refetch()
              void shared.refetch()
            }}
          >
            <RefreshIcon />
            {voiceStrings.tryAgain}
          </Button>
        }
      />
    )
  } else {
    body = (
      <Flex direction="column" gap="5" align="center" width="100%">
        <TranscriptView
          cloneName={clone.data.name}
          slug={slug}
          startedAt={shared.data.createdAt}
          messages={shared.data.messages}
          viewSources={clone.data.viewSources}
          closable={false}
        />
        {startOwn}
      </Flex>
    )
  }
  return (
    <>
      <AppHeader />
      <main id="main" className="page call-page">
        <div className="call-body call-body--scroll">{body}</div>
      </main>
    </>
  )
}
