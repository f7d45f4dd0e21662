import './voice.css'
import { Button, Flex, Spinner } from '@radix-ui/themes'
import { useQuery } from '@tanstack/react-query'
import { useParams } from '@tanstack/react-router'
import { useEffect, useState } from 'react'
import { z } from 'zod/mini'
import { resolveMediaUrl } from '../../api/client'
import { cloneQuery } from '../../api/clones'
import { callBundleQuery } from '../../api/voice'
import { openDialog } from '../../navigation/dialogs.store'
import { RefreshIcon, WarningIcon } from '../../ui/icons'
import { UserIcon } from '../../ui/lazy-icons'
import { StatusPanel } from '../../ui/StatusPanel'
import { useDocumentTitle } from '../../ui/use-document-title'
import { useCurrentUser } from '../auth'
import { useEmbed } from '../embed'
import { AppHeader } from '../shell'
import { CallSharePanel, callShareable } from './CallSharePanel'
import { NAVIGATION_TIMEOUT_MS } from './call.constants'
import { RecordingPlayer } from './recording/RecordingPlayer'
import { TranscriptView } from './TranscriptView'
import { voiceStrings } from './voice.strings'
import { voiceCall } from './voice-call'

const ConversationId = z.uuid()

/** /{slug}/call/{conversationId} and /{slug}/call/transcript (the call just ended) (spec 2 §2). */
export function CallTranscriptRoute() {
  const params = useParams({ strict: false }) as { slug?: string; conversationId?: string }
  const conversationId = params.conversationId ?? voiceCall.state.call?.conversationId ?? null
  return <CallTranscriptScreen slug={params.slug ?? ''} conversationId={conversationId} />
}

/** spec 2 §9: the page gives up waiting after 5 s ('Navigation is timing out - please try again'). */
function useTimedOut(waiting: boolean, key: unknown) {
  const [timedOut, setTimedOut] = useState(false)
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new attempt (key) restarts the wait
  useEffect(() => {
    setTimedOut(false)
    if (!waiting) return
    const timer = setTimeout(() => setTimedOut(true), NAVIGATION_TIMEOUT_MS)
    return () => clearTimeout(timer)
  }, [waiting, key])
  return timedOut
}

export function CallTranscriptScreen({
  slug,
  conversationId,
}: Readonly<{ slug: string; conversationId: string | null }>) {
  const { user, loaded } = useCurrentUser()
  const embedded = useEmbed() !== null
  const valid = ConversationId.safeParse(conversationId).success
  const clone = useQuery(cloneQuery(slug))
  const bundle = useQuery({ ...callBundleQuery(conversationId ?? ''), enabled: !!user && valid })
  const [attempt, setAttempt] = useState(0)
  const timedOut = useTimedOut(!!user && valid && (bundle.isPending || clone.isPending), attempt)
  useDocumentTitle(
    clone.data ? voiceStrings.transcriptTitle(clone.data.name) : voiceStrings.transcriptShortTitle,
  )

  const retry = () => {
    setAttempt((n) => n + 1)
    void bundle.refetch()
    void clone.refetch()
  }
  const retryButton = (
    <Button size="3" onClick={retry}>
      <RefreshIcon />
      {voiceStrings.tryAgain}
    </Button>
  )

  let body: React.ReactNode
  let aside: React.ReactNode = null
  if (!loaded) {
    body = <Loading />
  } else if (!user) {
    // spec 2 §6: viewing a transcript without login is refused.
    body = (
      <StatusPanel
        icon={<UserIcon size={32} />}
        title={voiceStrings.loginToView}
        actions={
          <Button size="3" onClick={() => openDialog({ kind: 'signIn' })}>
            {voiceStrings.signIn}
          </Button>
        }
      />
    )
  } else if (!valid) {
    body = <StatusPanel icon={<WarningIcon size={32} />} title={voiceStrings.invalidConfiguration} />
  } else if (bundle.isError || clone.isError) {
    body = (
      <StatusPanel
        icon={<WarningIcon size={32} />}
        title={voiceStrings.transcriptFailed}
        actions={retryButton}
      />
    )
  } else if (!bundle.data || !clone.data) {
    body = timedOut ? (
      <StatusPanel
        icon={<WarningIcon size={32} />}
        title={voiceStrings.navigationTimeout}
        actions={retryButton}
      />
    ) : (
      <Loading />
    )
  } else {
    const recordingUrl = resolveMediaUrl(bundle.data.recordingUrl)
    body = (
      <Flex direction="column" gap="4" width="100%">
        <TranscriptView
          cloneName={clone.data.name}
          slug={slug}
          startedAt={bundle.data.startedAt}
          messages={bundle.data.messages}
          citations={bundle.data.citations}
          products={bundle.data.products}
          viewSources={clone.data.viewSources}
          recording={
            recordingUrl ? <RecordingPlayer src={recordingUrl} label={voiceStrings.recording} /> : null
          }
          closable
        />
      </Flex>
    )
    if (
      callShareable({
        conversationId: bundle.data.conversationId,
        medium: bundle.data.medium,
        publicClone: clone.data.public,
        signedIn: true,
        embedded,
      })
    )
      aside = (
        <CallSharePanel slug={slug} conversationId={bundle.data.conversationId} cloneName={clone.data.name} />
      )
  }

  return (
    <>
      <AppHeader />
      <main id="main" className="page call-page">
        <div className="call-layout">
          <div className="call-main call-body call-body--scroll">{body}</div>
          {aside}
        </div>
      </main>
    </>
  )
}

function Loading() {
  return (
    <Flex justify="center" py="9" role="status" aria-label={voiceStrings.loading}>
      <Spinner size="3" />
    </Flex>
  )
}
