import { Flex, Spinner } from '@radix-ui/themes'
import { type QueryClient, useQuery, useQueryClient } from '@tanstack/react-query'
import { useNavigate, useSearch } from '@tanstack/react-router'
import { Activity, useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react'
import { useSnapshot } from 'valtio'
import {
  type ChatMessage,
  type ConversationWithMessages,
  DEFAULT_CONVERSATION_TITLE,
} from '../../../../contract/chat'
import type { CloneProfile } from '../../../../contract/clone'
import { conversationQuery, conversationQueryKey, conversationsQueryKey } from '../../api/chat'
import { isApiError, resolveMediaUrl } from '../../api/client'
import { afterPaint } from '../../lib/after-paint'
import { useMediaQuery } from '../../lib/media-query'
import { whenIdle } from '../../lib/when-idle'
import { conversationLink, talkLink } from '../../navigation/clone-links'
import type { TalkSearch } from '../../navigation/search-params'
import { warmMessageMarkup } from '../../ui/MessageMarkup'
import { useActionsParam } from '../actions'
import { limitReached, RemainingLine, recordDeliveredMessage, useUsage } from '../billing'
import {
  ChatMessagesContext,
  type ChatMessagesContextValue,
  ChatStreamState,
  ChatThread,
  chatStream,
  type SendOutcome,
} from '../chat'
import { CitationsOverlay, citationsParamFor } from '../citations'
import { CommandBar, logoFlagEmbedMode } from '../command-bar'
import { PoweredBy, useEmbed } from '../embed'
import { useAutoLoadRecent } from '../history'
import { openPaywall, paymentRequiredShowsPaywall } from '../paywall'
import { useStopReadAloudOnLeave } from '../read-aloud'
import { ShareAside } from '../share'
import { ConversationUnavailable } from './ConversationUnavailable'
import { StartScreen } from './StartScreen'
import { showProductToasts, toastForOutcome } from './send-outcome'
import { TalkHeader } from './TalkHeader'
import { TalkPrompt } from './TalkPrompt'
import { talkStrings } from './talk.strings'
import { useAnnouncementPoll } from './use-announcement-poll'
import { useAutoSend } from './use-auto-send'
import { useNewConversationLogin } from './use-new-conversation-login'
import { useTalkPaywall } from './use-talk-paywall'

type SendSource = 'prompt' | 'suggested' | 'auto'

/**
 * After an answer (or a stopped one) the thread holds the conversation as the server now has it: a cached
 * copy of that conversation, when there is one, takes the same messages instead of being fetched again.
 */
function writeThreadToCache(queryClient: QueryClient, conversationId: string) {
  const view = chatStream.state
  if (view.conversationId !== conversationId) return
  const messages = [...view.messages] as ChatMessage[]
  const last = messages.at(-1)
  queryClient.setQueryData<ConversationWithMessages>(conversationQueryKey(conversationId), (cached) =>
    cached ? { ...cached, messages, updatedAt: last?.createdAt ?? cached.updatedAt } : cached,
  )
}

/** Where the share aside shows (spec 1 §2 'Chat'); features/talk/talk.css says the same for .talk-aside. */
const SHARE_ASIDE_MEDIA = '(min-width: 1200px)'

/** The chat session TalkView opens for `clone` and `conversationId`. */
function sessionOf(clone: CloneProfile, conversationId: string | null) {
  return {
    slug: clone.slug,
    instanceSlug: clone.instance?.slug ?? null,
    instanceId: clone.instance?.id ?? null,
    locationId: clone.options.locationId,
    conversationId,
  }
}

/** The chat with a loaded clone: wires the store, the address, toasts and navigation to the parts. */
export function TalkView({
  clone,
  conversationId,
  onNewConversation,
}: Readonly<{
  clone: CloneProfile
  conversationId: string | null
  /** In an embed: forgets the remembered conversation (EmbedConversationGate). */
  onNewConversation?: () => void
}>) {
  const view = chatStream.state
  const navigate = useNavigate()
  const queryClient = useQueryClient()
  const search = useSearch({ strict: false }) as TalkSearch
  const instanceSlug = clone.instance?.slug ?? null
  // The session opens before the first render reads the store, and again (a no-op when nothing changed)
  // whenever it changes, below. Opened only after the first commit, the store changed under that commit,
  // which then rendered the whole view again in its own task (issue #27: the first visit's long task).
  useState(() => chatStream.openSession(sessionOf(clone, conversationId)))
  const snap = useSnapshot(view)
  // The share aside shows on large screens only: below, it is not rendered at all (issue #27: its share
  // buttons were a part of the first commit's work on a phone, hidden by CSS).
  const wideScreen = useMediaQuery(SHARE_ASIDE_MEDIA)
  const requireEmail = clone.options.requireEmail
  const usage = useUsage(clone.slug, instanceSlug, { locationId: clone.options.locationId })
  const { capture, captureHost, embedLimit, atQuota, paymentRequired, sendBlocked } = useTalkPaywall(
    clone,
    snap,
    usage.data,
  )

  useLayoutEffect(() => {
    chatStream.openSession({
      slug: clone.slug,
      instanceSlug,
      instanceId: clone.instance?.id ?? null,
      locationId: clone.options.locationId,
      conversationId,
    })
  }, [clone.slug, instanceSlug, clone.instance?.id, clone.options.locationId, conversationId])

  // An existing conversation: GET it once, unless this page just created it.
  const needsLoad = !!conversationId && snap.session.conversationId === conversationId && !snap.session.loaded
  const conversation = useQuery({ ...conversationQuery(conversationId ?? ''), enabled: needsLoad })
  useEffect(() => {
    const data = conversation.data
    if (!data || conversation.isFetching) return
    // A copy kept for offline use (features/offline), or one outdated by an answer since, waits for the fresh
    // one online: a reload would otherwise show the conversation as it was (an answer since retried still
    // interrupted, issue #11). Offline (the fetch paused) the kept copy is what there is.
    const outdated = queryClient.getQueryState(conversationQueryKey(data.id))?.isInvalidated === true
    if (outdated && conversation.fetchStatus !== 'paused') return
    // Building a long thread is the heaviest render here: in a task of its own, once the page has painted.
    return afterPaint(() => chatStream.loadConversation(data))
  }, [conversation.data, conversation.isFetching, conversation.fetchStatus, queryClient])

  // The first answer's markup code runs once while the visitor reads and types, not in its first frame.
  useEffect(() => whenIdle(warmMessageMarkup), [])

  // Outcomes land after awaits: only the page still showing that chat may navigate.
  const current = useRef({ conversationId, mounted: true })
  current.current.conversationId = conversationId
  useEffect(() => {
    current.current.mounted = true
    return () => {
      current.current.mounted = false
    }
  }, [])

  const onOutcome = useCallback(
    (outcome: SendOutcome, source: SendSource) => {
      if (outcome.kind === 'rejected' && outcome.paymentRequired) {
        // spec 1 §8: 402 is usage enforcement; the store already put the text back in the prompt.
        void paymentRequiredShowsPaywall(queryClient, clone).then((paywall) =>
          paywall ? paymentRequired() : toastForOutcome(outcome, source === 'suggested'),
        )
      } else toastForOutcome(outcome, source === 'suggested')
      if (outcome.kind === 'completed') {
        // spec 1 §4: +1 used, -1 remaining; remaining 0 opens the paywall.
        const next = recordDeliveredMessage(queryClient, clone.slug, instanceSlug)
        if (limitReached({ usage: next, requireEmail: clone.options.requireEmail })) atQuota()
      }
      // A failed answer too, once the server stored its question (issue #11): a reload shows it, with Retry.
      if (outcome.kind === 'rejected' || !('conversationId' in outcome)) return
      const id = outcome.conversationId
      if (!id) return
      // What can wait a frame waits, each part in a task of its own once the answer is painted: the cached
      // copy of the conversation (which the thread already shows, so it takes the same messages instead of
      // being fetched again; kept offline too), the change of address, the product toasts, the history
      // list's refetch.
      afterPaint(() => {
        writeThreadToCache(queryClient, id)
        setTimeout(() => {
          // spec: after the first answer of a new conversation, its address, so a reload restores it.
          const stillHere = current.current.mounted && current.current.conversationId === null
          if (outcome.newConversation && stillHere && chatStream.state.conversationId === id) {
            // The address may have changed meanwhile (a citation opened): its parameters stay.
            void navigate({
              ...conversationLink(clone.slug, instanceSlug, id),
              search: (prev: TalkSearch) => prev,
              replace: true,
            })
          }
        }, 0)
        if (outcome.kind === 'completed') setTimeout(() => showProductToasts(outcome.message), 0)
        setTimeout(() => void queryClient.invalidateQueries({ queryKey: conversationsQueryKey }), 0)
      })
    },
    [queryClient, navigate, clone, instanceSlug, atQuota, paymentRequired],
  )

  const sendText = useCallback(
    (text: string, source: SendSource) => {
      if (sendBlocked()) return
      void chatStream
        .send(text, { fromDraft: source !== 'suggested' })
        .then((outcome) => onOutcome(outcome, source))
    },
    [onOutcome, sendBlocked],
  )

  const retry = useCallback(
    (messageId: string) => void chatStream.retry(messageId).then((outcome) => onOutcome(outcome, 'prompt')),
    [onOutcome],
  )

  const setSearch = useCallback(
    (patch: Partial<TalkSearch>) =>
      void navigate({ to: '.', search: (prev) => ({ ...prev, ...patch }), replace: true }),
    [navigate],
  )

  useAutoSend({
    message: search.message,
    ready: snap.session.loaded && snap.session.slug === clone.slug,
    send: (text) => {
      chatStream.setDraft(text)
      // spec 1 §4: an auto-sent message is skipped when the limit is reached (it stays in the prompt).
      if (limitReached({ usage: usage.data, requireEmail })) atQuota()
      else sendText(text, 'auto')
    },
    clearParam: () => setSearch({ message: undefined, q: undefined }),
  })

  // spec 1 §2 `actions`: opens the action centre (or the dialog it names), then leaves the address.
  const clearActions = useCallback(() => setSearch({ actions: undefined }), [setSearch])
  useActionsParam(search.actions, conversationId ?? snap.conversationId, clearActions)

  // spec 1 §2 `paywall`: opens the paywall once, then leaves the address.
  const paywallParam = search.paywall === true
  useEffect(() => {
    if (!paywallParam) return
    setSearch({ paywall: undefined })
    openPaywall()
  }, [paywallParam, setSearch])
  useStopReadAloudOnLeave(conversationId)

  // spec 1 §2 creator announcements (issue #15): the open chat shows a new one without a reload.
  const openConversation = snap.conversationId ?? conversationId
  useAnnouncementPoll(openConversation, snap.session.loaded && snap.state === ChatStreamState.IDLE)

  useAutoLoadRecent({
    requested: search.autoLoadRecent === true,
    slug: clone.slug,
    instanceSlug,
    conversationId,
  })

  const startNewConversation = useCallback(() => {
    onNewConversation?.()
    chatStream.startNewConversation()
    void navigate(talkLink(clone.slug, instanceSlug))
  }, [navigate, clone.slug, instanceSlug, onNewConversation])
  const startNewFromMenu = useNewConversationLogin(requireEmail, startNewConversation)

  const openSources = useCallback(
    (messageId: string, citation?: number) =>
      setSearch({ citations: citationsParamFor(messageId, citation) }),
    [setSearch],
  )
  const closeSources = useCallback(() => setSearch({ citations: undefined }), [setSearch])

  const imageUrl = resolveMediaUrl(clone.instance?.imageUrl ?? clone.imageUrl)
  const embedLogoMode = logoFlagEmbedMode(useEmbed() !== null, clone.options)
  const context = useMemo<ChatMessagesContextValue>(
    () => ({
      cloneName: clone.name,
      cloneImageUrl: imageUrl,
      viewSources: clone.viewSources,
      openSources,
      messageTools: { slug: clone.slug, hasVoice: clone.voiceId !== null, embedLogoMode },
      MessageToolbar: CommandBar,
      retry,
    }),
    [clone.name, imageUrl, clone.viewSources, openSources, clone.slug, clone.voiceId, embedLogoMode, retry],
  )
  const questions = clone.options.suggestQuestions ? clone.suggestedQuestions : []
  const pending = snap.state !== ChatStreamState.IDLE
  const title = snap.title && snap.title !== DEFAULT_CONVERSATION_TITLE ? snap.title : null
  const disclaimer = clone.options.warning ? clone.options.customWarning?.trim() : null
  const loadFailed = conversation.isError && needsLoad

  // The thread is prerendered while the start screen shows (issue #27): a hidden Activity renders at idle
  // priority, in slices, so the first question only reveals it instead of building it in the Enter key's task.
  let threadMode: 'hidden' | 'visible' | null = null
  let body: React.ReactNode = null
  if (loadFailed) {
    body = (
      <ConversationUnavailable
        notFound={isApiError(conversation.error) && conversation.error.isNotFound}
        onRetry={() => void conversation.refetch()}
        onStartNew={startNewConversation}
      />
    )
  } else if (!snap.session.loaded) {
    body = (
      <Flex justify="center" py="9" role="status" aria-label={talkStrings.loadingConversation}>
        <Spinner size="3" />
      </Flex>
    )
  } else if (snap.messages.length === 0 && !pending && capture.lines.length === 0) {
    threadMode = 'hidden'
    body = (
      <StartScreen
        name={clone.name}
        imageUrl={imageUrl}
        verified={clone.verified}
        headline={clone.headline}
        instanceName={clone.instance?.name ?? null}
        questions={questions}
        onAsk={(question) => sendText(question, 'suggested')}
        disabled={pending}
      />
    )
  } else threadMode = 'visible'

  return (
    <ChatMessagesContext.Provider value={context}>
      <div className="talk-layout">
        <div className="talk-main">
          <TalkHeader
            slug={clone.slug}
            instanceSlug={instanceSlug}
            name={clone.name}
            imageUrl={imageUrl}
            verified={clone.verified}
            subtitle={title ?? clone.instance?.name ?? null}
            actions
          />
          <div className="talk-body">
            {threadMode ? (
              <Activity mode={threadMode}>
                <ChatThread view={view} lines={capture.lines} scrollKey={capture.scrollKey} />
              </Activity>
            ) : null}
            {body}
          </div>
          <div className="talk-footer">
            <TalkPrompt
              store={chatStream}
              cloneName={clone.name}
              allowFiles={clone.options.enableImageSending}
              suggestedQuestions={questions}
              onSendDraft={(text) => sendText(text, 'prompt')}
              onAskSuggested={(question) => sendText(question, 'suggested')}
              onStartNewConversation={startNewFromMenu}
              takeover={capture.takeover}
              limitNotice={embedLimit.notice}
            />
            {embedLimit.notice ? (
              <p className="talk-limit-notice" role="status">
                {embedLimit.notice}
              </p>
            ) : null}
            <RemainingLine usage={usage.data} requireEmail={requireEmail} />
            <PoweredBy slug={clone.slug} />
            {disclaimer ? <p className="talk-disclaimer">{disclaimer}</p> : null}
          </div>
        </div>
        {wideScreen ? (
          <ShareAside
            cloneName={clone.name}
            profilePath={instanceSlug ? `/${clone.slug}/${instanceSlug}` : `/${clone.slug}`}
            conversationId={conversationId ?? snap.conversationId}
          />
        ) : null}
      </div>
      {captureHost}
      <CitationsOverlay
        param={search.citations}
        slug={clone.slug}
        view={view}
        onClose={closeSources}
        onShowAll={(messageId) => openSources(messageId)}
      />
    </ChatMessagesContext.Provider>
  )
}
