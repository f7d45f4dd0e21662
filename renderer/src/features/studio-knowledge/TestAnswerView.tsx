import { Heading, Text } from '@radix-ui/themes'
import { useCallback, useId, useMemo } from 'react'
import type { TestAnswer } from '../../../../contract/studio-knowledge'
import { ExternalLinkIcon } from '../../ui/lazy-icons'
import { MessageMarkup } from '../../ui/MessageMarkup'
import { SourceTypeIcon } from '../../ui/SourceTypeIcon'
import { knowledgeStrings as s } from './knowledge.strings'
import { type AnswerSource, answerSources } from './test-answer'

const t = s.test

/**
 * The test answer as a visitor would read it (the chat's markup, [n] markers as labels), then its sources:
 * number, title, type, the cited moment of a video or episode, and a link that opens in a new tab. A
 * marker moves the focus to its source.
 */
export function TestAnswerView({ answer }: Readonly<{ answer: TestAnswer }>) {
  const id = useId()
  const sources = useMemo(() => answerSources(answer.text, answer.citations), [answer])
  const sourceId = useCallback((n: number) => `${id}-source-${n}`, [id])
  const cited = useMemo(() => new Set(sources.cited.map((s) => s.citation.index)), [sources])
  const renderCitation = useCallback(
    (n: number) =>
      cited.has(n) ? (
        <button
          type="button"
          className="knowledge-cite"
          aria-label={t.source(n)}
          onClick={() => document.getElementById(sourceId(n))?.focus()}
        >
          {n}
        </button>
      ) : null,
    [cited, sourceId],
  )

  return (
    <article className="knowledge-answer" aria-labelledby={`${id}-heading`}>
      <Heading as="h3" size="2" color="gray" id={`${id}-heading`} mb="1">
        {t.answerLabel}
      </Heading>
      <div className="knowledge-answer__text">
        <MessageMarkup text={answer.text} renderCitation={renderCitation} />
      </div>
      {sources.cited.length === 0 ? (
        <Text as="p" size="2" color="gray" mt="3">
          {t.noSources}
        </Text>
      ) : (
        <SourceGroup heading={t.citedHeading} items={sources.cited} itemId={sourceId} />
      )}
      {sources.other.length > 0 ? (
        <SourceGroup heading={t.otherHeading} items={sources.other} itemId={sourceId} />
      ) : null}
    </article>
  )
}

function SourceGroup({
  heading,
  items,
  itemId,
}: Readonly<{ heading: string; items: AnswerSource[]; itemId: (n: number) => string }>) {
  const headingId = useId()
  return (
    <section aria-labelledby={headingId} className="knowledge-answer__sources">
      <Heading as="h4" size="1" color="gray" id={headingId} mb="2" className="knowledge-answer__group">
        {heading}
      </Heading>
      <ol className="plain-list knowledge-answer__list">
        {items.map((item) => {
          const { citation } = item
          const typeLabel = item.isCreatorAnswer ? s.creatorAnswer : s.types[citation.type]
          const detail = citation.documentTitle && citation.documentTitle !== citation.title
          return (
            <li
              key={citation.id}
              id={itemId(citation.index)}
              tabIndex={-1}
              className="knowledge-answer__source"
            >
              <span className="knowledge-answer__number">{citation.index}</span>
              <SourceTypeIcon type={citation.type} creatorAnswer={item.isCreatorAnswer} size={16} />
              <span className="knowledge-answer__what">
                <Text as="span" size="2" weight="medium">
                  {citation.title}
                </Text>
                <Text as="span" size="1" color="gray">
                  {item.isCreatorAnswer ? null : typeLabel}
                  {detail ? `${item.isCreatorAnswer ? '' : ' · '}${citation.documentTitle}` : null}
                  {item.time ? ` · ${t.at(item.time.replaceAll(' ', '\u00a0'))}` : null}
                </Text>
              </span>
              {item.href ? (
                <a
                  className="knowledge-answer__open"
                  href={item.href}
                  target="_blank"
                  rel="noopener noreferrer"
                  aria-label={t.openLabel(citation.title)}
                >
                  {t.open}
                  <ExternalLinkIcon size={14} />
                </a>
              ) : null}
            </li>
          )
        })}
      </ol>
    </section>
  )
}
