import './citations.css'
import { Button, Dialog, Flex, IconButton, Spinner, Text } from '@radix-ui/themes'
import { useQuery } from '@tanstack/react-query'
import { useEffect, useMemo } from 'react'
import { useSnapshot } from 'valtio'
import type { ChatMessage, Citation } from '../../../../contract/chat'
import { messageSourcesQuery } from '../../api/chat'
import { trackEvent } from '../../api/events'
import type { CitationsParam } from '../../navigation/search-params'
import { CloseIcon, RefreshIcon, WarningIcon } from '../../ui/icons'
import { ArrowLeftIcon } from '../../ui/lazy-icons'
import {
  type CitationOverlay,
  CitationOverlayState,
  citationOverlayFor,
  sourcesToShow,
} from './citation-overlay'
import { groupCitations, isWholeCitation } from './citations'
import { citationsStrings } from './citations.strings'
import { SourceGroup } from './SourceList'

/** The messages on screen (a valtio proxy such as the chat stream's view), read for their citations. */
export interface MessagesOnScreen {
  readonly messages: readonly ChatMessage[]
}

type SourcesData =
  | { status: 'loading' }
  | { status: 'error'; retry: () => void }
  | { status: 'ready'; citations: readonly Citation[]; text: string }

/**
 * A message's whole citations: from the chat when it is on screen with them (an answer just streamed),
 * else GET sources (spec 1 §7): a conversation's messages carry citation summaries without their text.
 */
function useMessageSources(messageId: string, slug: string, view: MessagesOnScreen): SourcesData {
  const snap = useSnapshot(view)
  const local = (snap.messages as readonly ChatMessage[]).find((m) => m.id === messageId)
  const whole = local?.citations.every(isWholeCitation) ? (local.citations as readonly Citation[]) : null
  const query = useQuery({ ...messageSourcesQuery(messageId, slug), enabled: !whole })
  if (local && whole) return { status: 'ready', citations: whole, text: local.text }
  if (query.isError) return { status: 'error', retry: () => void query.refetch() }
  if (!query.data) return { status: 'loading' }
  const citations = query.data.citations
  // The message's text tells used from relevant; without it (not on screen) every visible source counts as cited.
  const text =
    local?.text ??
    citations
      .filter((c) => c.visible)
      .map((c) => `[${c.index}]`)
      .join(' ')
  return { status: 'ready', citations, text }
}

function SourcesBody({
  overlay,
  slug,
  view,
  onClose,
  onShowAll,
}: Readonly<{
  overlay: Exclude<CitationOverlay, { state: 'CLOSED' }>
  slug: string
  view: MessagesOnScreen
  onClose: () => void
  onShowAll: (messageId: string) => void
}>) {
  const data = useMessageSources(overlay.messageId, slug, view)
  const citations = data.status === 'ready' ? data.citations : null
  const text = data.status === 'ready' ? data.text : ''
  const groups = useMemo(() => (citations ? groupCitations(citations, text) : null), [citations, text])
  const shown = groups ? sourcesToShow(overlay, groups) : null
  const missing = data.status === 'ready' && !shown

  // spec 1 §4: missing citation data closes the overlay.
  useEffect(() => {
    if (!missing) return
    console.warn(`${citationsStrings.missingData}: message ${overlay.messageId}`)
    onClose()
  }, [missing, overlay.messageId, onClose])

  if (data.status === 'loading') {
    return (
      <Flex direction="column" align="center" gap="3" py="8" role="status">
        <Spinner size="3" />
        <Text size="2" color="gray">
          {citationsStrings.loading}
        </Text>
      </Flex>
    )
  }
  if (data.status === 'error') {
    return (
      <Flex direction="column" align="center" gap="3" py="8" role="alert" className="sources-error">
        <WarningIcon size={28} />
        <Text as="p" size="3" weight="medium">
          {citationsStrings.errorTitle}
        </Text>
        <Text as="p" size="2" color="gray">
          {citationsStrings.errorText}
        </Text>
        <Button variant="soft" onClick={data.retry}>
          <RefreshIcon />
          {citationsStrings.retry}
        </Button>
      </Flex>
    )
  }
  if (!shown) return null
  // spec 1 §7 'Tracked events': CLICK_SOURCE when a visitor opens a source's link.
  const onOpenSource = () => trackEvent({ type: 'CLICK_SOURCE', slug, messageId: overlay.messageId })
  return (
    <Flex direction="column" gap="5">
      {shown.single ? (
        <Button variant="ghost" size="1" onClick={() => onShowAll(overlay.messageId)} className="sources-all">
          <ArrowLeftIcon />
          {citationsStrings.showAll}
        </Button>
      ) : null}
      <SourceGroup
        heading={shown.single ? null : citationsStrings.usedHeading}
        items={shown.used}
        used
        expanded={shown.single}
        onOpenSource={onOpenSource}
      />
      <SourceGroup
        heading={shown.single ? null : citationsStrings.relevantHeading}
        items={shown.relevant}
        used={false}
        expanded={shown.single}
        onOpenSource={onOpenSource}
      />
    </Flex>
  )
}

export interface CitationsOverlayProps {
  /** The `citations` query parameter: the overlay's state lives in the address (spec 1 §2). */
  param: CitationsParam | undefined
  slug: string
  view: MessagesOnScreen
  onClose: () => void
  onShowAll: (messageId: string) => void
}

/** The 'Sources' overlay: all of a message's sources, or one (spec 1 §2, §4 'Citation overlay'). */
export function CitationsOverlay({ param, slug, view, onClose, onShowAll }: Readonly<CitationsOverlayProps>) {
  const overlay = citationOverlayFor(param)
  const open = overlay.state !== CitationOverlayState.CLOSED
  return (
    <Dialog.Root open={open} onOpenChange={(next) => (next ? undefined : onClose())}>
      {overlay.state !== CitationOverlayState.CLOSED ? (
        <Dialog.Content className="sources-sheet" aria-describedby={undefined}>
          <Flex align="center" justify="between" gap="3" mb="4">
            <Dialog.Title size="5" mb="0">
              {citationsStrings.title}
            </Dialog.Title>
            <Dialog.Close>
              <IconButton variant="ghost" color="gray" aria-label={citationsStrings.close}>
                <CloseIcon />
              </IconButton>
            </Dialog.Close>
          </Flex>
          <SourcesBody overlay={overlay} slug={slug} view={view} onClose={onClose} onShowAll={onShowAll} />
        </Dialog.Content>
      ) : null}
    </Dialog.Root>
  )
}
