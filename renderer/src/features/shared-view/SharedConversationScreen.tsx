import './shared-view.css'
import { Button, Callout, Flex, Spinner } from '@radix-ui/themes'
import { useMutation, useQuery } from '@tanstack/react-query'
import { Link, useNavigate, useParams, useSearch } from '@tanstack/react-router'
import { useCallback, useMemo } from 'react'
import { toast } from 'sonner'
import { proxy } from 'valtio'
import { DEFAULT_CONVERSATION_TITLE, type SharedConversation } from '../../../../contract/chat'
import type { CloneProfile } from '../../../../contract/clone'
import { isApiError, resolveMediaUrl } from '../../api/client'
import { cloneQuery } from '../../api/clones'
import { continueSharedConversation, sharedConversationQuery } from '../../api/history'
import { conversationLink, talkLink } from '../../navigation/clone-links'
import type { TalkSearch } from '../../navigation/search-params'
import { RefreshIcon, SearchIcon, WarningIcon } from '../../ui/icons'
import { InfoIcon } from '../../ui/lazy-icons'
import { StatusPanel } from '../../ui/StatusPanel'
import { useDocumentTitle } from '../../ui/use-document-title'
import {
  ChatMessagesContext,
  type ChatMessagesContextValue,
  ChatStreamState,
  type ChatStreamView,
  ChatThread,
} from '../chat'
import { CitationsOverlay, citationsParamFor } from '../citations'
import { CloneNotFound } from '../profile'
import { AppHeader } from '../shell'
import { TalkHeader } from '../talk'
import { ContinueSharedPrompt } from './ContinueSharedPrompt'
import { sharedViewStrings } from './shared-view.strings'

/** /{slug}[/{instanceSlug}]/talk/conversation/shared/{shareId} (spec 1 §2). */
export function SharedConversationRoute() {
  const params = useParams({ strict: false }) as { slug?: string; instanceSlug?: string; shareId?: string }
  return (
    <SharedConversationScreen
      slug={params.slug ?? ''}
      instanceSlug={params.instanceSlug}
      shareId={params.shareId ?? ''}
    />
  )
}

export function SharedConversationScreen({
  slug,
  instanceSlug,
  shareId,
}: Readonly<{ slug: string; instanceSlug?: string; shareId: string }>) {
  const clone = useQuery(cloneQuery(slug, instanceSlug))
  const shared = useQuery(sharedConversationQuery(shareId))
  useDocumentTitle(shared.data?.title ?? clone.data?.name)
  // A link whose clone does not match the conversation's is as good as unknown.
  const mismatched =
    !!shared.data &&
    (shared.data.clone.slug !== slug || (shared.data.clone.instanceSlug ?? undefined) !== instanceSlug)

  let body: React.ReactNode
  if (clone.isPending || shared.isPending) {
    body = (
      <Flex justify="center" py="9" role="status" aria-label={sharedViewStrings.loading}>
        <Spinner size="3" />
      </Flex>
    )
  } else if (clone.isError && isApiError(clone.error) && clone.error.isNotFound) {
    body = <CloneNotFound />
  } else if ((shared.isError && isApiError(shared.error) && shared.error.isNotFound) || mismatched) {
    body = (
      <StatusPanel
        titleLevel="h1"
        icon={<SearchIcon size={32} />}
        title={sharedViewStrings.goneTitle}
        actions={
          <Button asChild size="3">
            <Link {...talkLink(slug, instanceSlug)}>{sharedViewStrings.startOwn}</Link>
          </Button>
        }
      >
        {sharedViewStrings.goneText}
      </StatusPanel>
    )
  } else if (clone.isError || shared.isError) {
    body = (
      <StatusPanel
        titleLevel="h1"
        icon={<WarningIcon size={32} />}
        title={sharedViewStrings.failedTitle}
        actions={
          <Button
            size="3"
            onClick={() => {
              void clone.refetch()
              void shared.refetch()
            }}
          >
            <RefreshIcon />
            {sharedViewStrings.retry}
          </Button>
        }
      >
        {sharedViewStrings.failedText}
      </StatusPanel>
    )
  } else {
    return (
      <>
        <AppHeader account={clone.data.options.requireEmail !== false} />
        <main id="main" className="page talk-page">
          <SharedThread clone={clone.data} shared={shared.data} shareId={shareId} />
        </main>
      </>
    )
  }
  return (
    <>
      <AppHeader />
      <main id="main" className="page">
        {body}
      </main>
    </>
  )
}

/**
 * The read-only thread (spec 1 §6): no message actions, no plus menu, no action centre, no suggested
 * questions; a banner says it is shared, and a prompt continues it as the visitor's own conversation.
 */
function SharedThread({
  clone,
  shared,
  shareId,
}: Readonly<{ clone: CloneProfile; shared: SharedConversation; shareId: string }>) {
  const navigate = useNavigate()
  const search = useSearch({ strict: false }) as TalkSearch
  const instanceSlug = clone.instance?.slug ?? null
  const imageUrl = resolveMediaUrl(clone.instance?.imageUrl ?? clone.imageUrl)

  // ChatThread reads a chat view; a shared one never changes.
  const view = useMemo(
    () =>
      proxy<ChatStreamView>({
        state: ChatStreamState.IDLE,
        outboundPending: false,
        receiving: false,
        messages: shared.messages,
        streaming: { text: '' },
        conversationId: null,
        title: shared.title,
        session: {
          slug: clone.slug,
          instanceSlug,
          instanceId: clone.instance?.id ?? null,
          locationId: null,
          conversationId: null,
          loaded: true,
        },
        draft: { text: '' },
      }),
    [shared, clone.slug, clone.instance?.id, instanceSlug],
  )

  const setCitations = useCallback(
    (citations: TalkSearch['citations']) =>
      void navigate({ to: '.', search: (prev) => ({ ...prev, citations }), replace: true }),
    [navigate],
  )
  const openSources = useCallback(
    (messageId: string, citation?: number) => setCitations(citationsParamFor(messageId, citation)),
    [setCitations],
  )
  const context = useMemo<ChatMessagesContextValue>(
    () => ({
      cloneName: clone.name,
      cloneImageUrl: imageUrl,
      viewSources: clone.viewSources,
      openSources,
      readOnly: true,
    }),
    [clone.name, imageUrl, clone.viewSources, openSources],
  )

  const start = useMutation({
    mutationFn: (text: string) =>
      continueSharedConversation(shareId, { slug: clone.slug, text: text || undefined }),
  })
  const onContinue = (text: string) => {
    const started = start.mutateAsync(text)
    toast.promise(started, {
      loading: sharedViewStrings.starting,
      success: sharedViewStrings.started,
      error: sharedViewStrings.startFailed,
    })
    // The first question goes through the chat stream on the new conversation's page, so its answer streams.
    started
      .then(({ conversationId }) =>
        navigate({
          ...conversationLink(clone.slug, instanceSlug, conversationId),
          search: text ? { message: text } : {},
        }),
      )
      .catch(() => undefined)
  }

  return (
    <ChatMessagesContext.Provider value={context}>
      <TalkHeader
        slug={clone.slug}
        instanceSlug={instanceSlug}
        name={clone.name}
        imageUrl={imageUrl}
        verified={clone.verified}
        subtitle={shared.title === DEFAULT_CONVERSATION_TITLE ? null : shared.title}
      />
      <Callout.Root size="1" variant="surface" className="shared-banner" role="note">
        <Callout.Icon>
          <InfoIcon />
        </Callout.Icon>
        <Callout.Text>
          <strong>{sharedViewStrings.bannerTitle}.</strong> {sharedViewStrings.banner(clone.name)}
        </Callout.Text>
      </Callout.Root>
      <div className="talk-body">
        <ChatThread view={view} />
      </div>
      <div className="talk-footer">
        <ContinueSharedPrompt busy={start.isPending} onContinue={onContinue} />
      </div>
      <CitationsOverlay
        param={search.citations}
        slug={clone.slug}
        view={view}
        onClose={() => setCitations(undefined)}
        onShowAll={(messageId) => openSources(messageId)}
      />
    </ChatMessagesContext.Provider>
  )
}
