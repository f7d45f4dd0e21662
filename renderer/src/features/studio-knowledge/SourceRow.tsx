import { Badge, Flex, Spinner, Text } from '@radix-ui/themes'
import { useId, useState } from 'react'
import { CREATOR_ANSWER_TITLE } from '../../../../contract/knowledge'
import type { KnowledgeSource, SourceState } from '../../../../contract/studio-knowledge'
import { dateFormat } from '../../lib/language'
import { ChevronDownIcon } from '../../ui/lazy-icons'
import { SourceTypeIcon } from '../../ui/SourceTypeIcon'
import { knowledgeStrings as s } from './knowledge.strings'
import { SourceActions } from './SourceActions'

const BADGE_COLORS = { queued: 'gray', reading: 'blue', ready: 'green', failed: 'red' } as const
/** A date as the active language writes it ('Mar 4, 2025'). */
const date = (iso: string) => dateFormat({ dateStyle: 'medium' }).format(new Date(iso))
const isWebAddress = (url: string | null): url is string => !!url && /^https?:\/\//i.test(url)

export function SourceStateBadge({ state }: Readonly<{ state: SourceState }>) {
  return (
    <Badge color={BADGE_COLORS[state]} variant="soft" radius="full" highContrast className="knowledge-badge">
      {state === 'reading' ? <Spinner size="1" /> : null}
      {s.states[state]}
    </Badge>
  )
}

/**
 * One source: its type, title, where it came from (its address, opening in a new tab, or its file name),
 * its state, what was read once it is ready or why it failed, when it was added, and its actions. A Q&A
 * pair shows its question, its answer a click away.
 */
export function SourceRow({ slug, source }: Readonly<{ slug: string; source: KnowledgeSource }>) {
  const qa = source.kind === 'qa' || source.title === CREATOR_ANSWER_TITLE
  const title = qa && source.question ? source.question : source.title
  const typeLabel = qa ? s.qaType : s.types[source.type]
  return (
    <li className="knowledge-source" data-state={source.state}>
      <span className="knowledge-source__icon">
        <SourceTypeIcon type={source.type} creatorAnswer={qa} size={20} />
      </span>
      <Flex direction="column" gap="1" minWidth="0" className="knowledge-source__body">
        <Flex justify="between" align="start" gap="3">
          <Text as="p" weight="medium" className="knowledge-source__title">
            {title}
          </Text>
          <SourceStateBadge state={source.state} />
        </Flex>
        <Text size="1" color="gray" className="knowledge-source__origin">
          {typeLabel}
          {isWebAddress(source.url) ? (
            <>
              {' · '}
              <a href={source.url} target="_blank" rel="noopener noreferrer">
                {source.url}
              </a>
            </>
          ) : null}
          {/* A document is named after its file until the creator names it otherwise. */}
          {source.fileName && source.fileName !== title ? ` · ${source.fileName}` : null}
        </Text>
        {source.state === 'failed' ? (
          <Text size="2" color="red" className="knowledge-source__error">
            {source.error ? s.failedReason(source.error) : s.failedNoReason}
          </Text>
        ) : null}
        {qa && source.answer ? <QaAnswer answer={source.answer} /> : null}
        <Flex justify="between" align="center" gap="3" wrap="wrap" mt="1">
          <Text size="1" color="gray">
            {source.state === 'ready' ? `${s.stats(source.characters, source.passages)} · ` : null}
            <time dateTime={source.createdAt}>{s.added(date(source.createdAt))}</time>
          </Text>
          <SourceActions slug={slug} source={source} title={title} />
        </Flex>
      </Flex>
    </li>
  )
}

function QaAnswer({ answer }: Readonly<{ answer: string }>) {
  const [open, setOpen] = useState(false)
  const id = useId()
  return (
    <div>
      <button
        type="button"
        className="knowledge-disclosure"
        aria-expanded={open}
        aria-controls={id}
        onClick={() => setOpen((v) => !v)}
      >
        <ChevronDownIcon size={14} className="knowledge-disclosure__chevron" />
        {open ? s.hideAnswer : s.showAnswer}
      </button>
      <div id={id} hidden={!open}>
        <Text as="p" size="2" className="knowledge-source__answer">
          {answer}
        </Text>
      </div>
    </div>
  )
}
