import './studio-review.css'
import { Button, Flex, Heading, Text } from '@radix-ui/themes'
import { useInfiniteQuery } from '@tanstack/react-query'
import { useParams } from '@tanstack/react-router'
import { useCallback, useEffect, useRef, useState } from 'react'
import type { ConversationMedium } from '../../../../contract/chat'
import { reviewConversationsQuery } from '../../api/studio-review'
import { ArrowLeftIcon } from '../../ui/lazy-icons'
import { StudioPage, useStudioClone } from '../studio'
import { ConversationList } from './ConversationList'
import { ConversationTranscript } from './ConversationTranscript'
import { studioReviewStrings as s } from './studio-review.strings'

/** /studio/$slug/conversations (the router's lazy route component). */
export function ConversationsRoute() {
  const { slug } = useParams({ strict: false }) as { slug: string }
  return <ConversationsScreen slug={slug} />
}

/**
 * Conversation review (issue #16 'Run it'): the clone's conversations beside the open one, for its CREATOR
 * and CONTRIBUTORs; on a phone one pane at a time, with a back button. Only the creator revises answers
 * (spec 1 §2, §6: the command bar is the creator's).
 */
export function ConversationsScreen({ slug }: Readonly<{ slug: string }>) {
  const { allowed, editable: canRevise, name } = useStudioClone(slug)
  const [medium, setMedium] = useState<ConversationMedium | null>(null)
  const [openId, setOpenId] = useState<string | null>(null)
  const list = useInfiniteQuery({ ...reviewConversationsQuery(slug, medium), enabled: allowed })

  // Focus follows the reader: to the conversation's heading when one opens, back to its entry on 'Back'.
  const focusOnOpen = useRef(false)
  const [returnTo, setReturnTo] = useState<string | null>(null)
  const headingRef = useCallback((heading: HTMLHeadingElement | null) => {
    if (heading && focusOnOpen.current) {
      focusOnOpen.current = false
      heading.focus()
    }
  }, [])
  useEffect(() => {
    if (!returnTo) return
    document.querySelector<HTMLElement>(`[data-conversation-id="${returnTo}"]`)?.focus()
    setReturnTo(null)
  }, [returnTo])

  const open = (id: string) => {
    focusOnOpen.current = true
    setOpenId(id)
  }
  const back = () => {
    setReturnTo(openId)
    setOpenId(null)
  }

  return (
    <StudioPage
      slug={slug}
      current="conversations"
      className="review-page"
      documentTitle={s.pageTitle(name)}
      allowed={allowed}
      notFoundFrom={[list]}
      texts={s}
    >
      {/* Its own title block: on a phone it gives way to the open conversation. */}
      <Flex direction="column" gap="1" mb="4" className="review-intro" data-open={openId ? '' : undefined}>
        <Heading as="h1" size="7">
          {s.title}
        </Heading>
        <Text color="gray">{s.subtitle(name)}</Text>
      </Flex>
      <div className="review-panes" data-open={openId ? '' : undefined}>
        <section className="review-panes__list" aria-label={s.listLabel}>
          <ConversationList
            list={list}
            name={name}
            medium={medium}
            onMedium={(next) => {
              setMedium(next)
              setOpenId(null)
            }}
            openId={openId}
            onOpen={open}
          />
        </section>
        <section className="review-panes__open" aria-label={s.openLabel}>
          {openId ? (
            <>
              <Button variant="ghost" className="review-back" onClick={back} mb="3">
                <ArrowLeftIcon /> {s.back}
              </Button>
              <ConversationTranscript
                key={openId}
                slug={slug}
                id={openId}
                name={name}
                canRevise={canRevise}
                headingRef={headingRef}
              />
            </>
          ) : (
            <Text color="gray" className="review-panes__hint">
              {s.pickOne}
            </Text>
          )}
        </section>
      </div>
    </StudioPage>
  )
}
