// The talk page's styles travel with this lazy chunk; the chat, citations and uploads bring their own.
import './talk.css'
import { Flex, Spinner } from '@radix-ui/themes'
import { useQuery } from '@tanstack/react-query'
import { useParams } from '@tanstack/react-router'
import { isApiError } from '../../api/client'
import { cloneQuery } from '../../api/clones'
import { useDocumentTitle } from '../../ui/use-document-title'
import { useEmbed } from '../embed'
import { CloneLoadFailed, CloneNotFound } from '../profile'
import { AppHeader } from '../shell'
import { EmbedConversationGate } from './EmbedConversationGate'
import { TalkHeaderSkeleton } from './TalkHeader'
import { TalkView } from './TalkView'
import { talkStrings } from './talk.strings'

/** The talk routes' component: /{slug}[/{instanceSlug}]/talk[/conversation/{id}] (spec 1 §2). */
export function TalkRoute() {
  const params = useParams({ strict: false }) as {
    slug?: string
    instanceSlug?: string
    conversationId?: string
  }
  return (
    <TalkScreen
      slug={params.slug ?? ''}
      instanceSlug={params.instanceSlug}
      conversationId={params.conversationId}
    />
  )
}

export function TalkScreen({
  slug,
  instanceSlug,
  conversationId,
}: Readonly<{ slug: string; instanceSlug?: string; conversationId?: string }>) {
  const query = useQuery(cloneQuery(slug, instanceSlug))
  useDocumentTitle(query.data?.name)
  const notFound = isApiError(query.error) && query.error.isNotFound
  // A kept answer shows though a refetch failed (offline, the kept clone can be restored while the first
  // fetch is under way, and that fetch then fails): only a clone that is gone, or none at all, fails.
  const clone = notFound ? undefined : query.data
  const embedded = useEmbed() !== null
  return (
    <>
      {/* spec 1 §6: a clone that does not require an email is anonymous mode, without the auth menu (not
          shown either while the clone loads, so that it never flashes up there). */}
      <AppHeader account={!query.isPending && query.data?.options.requireEmail !== false} />
      <main id="main" className={!clone && query.isError ? 'page' : 'page talk-page'}>
        {!clone ? (
          query.isError ? (
            notFound ? (
              <CloneNotFound />
            ) : (
              <CloneLoadFailed detail={query.error.message} onRetry={() => void query.refetch()} />
            )
          ) : (
            <TalkPending />
          )
        ) : embedded ? (
          <EmbedConversationGate
            slug={clone.slug}
            instanceSlug={clone.instance?.slug ?? null}
            conversationId={conversationId ?? null}
            pending={<TalkPending />}
          >
            {(forget) => (
              <TalkView clone={clone} conversationId={conversationId ?? null} onNewConversation={forget} />
            )}
          </EmbedConversationGate>
        ) : (
          <TalkView clone={clone} conversationId={conversationId ?? null} />
        )}
      </main>
    </>
  )
}

/** The page's frame while the clone loads: the header keeps its place, the chat shows a spinner. */
function TalkPending() {
  return (
    <div className="talk-layout">
      <div className="talk-main">
        <TalkHeaderSkeleton />
        <Flex justify="center" py="9" role="status" aria-label={talkStrings.loadingChat}>
          <Spinner size="3" />
        </Flex>
      </div>
    </div>
  )
}
