import { Flex, Heading, Text } from '@radix-ui/themes'
import { useId, useState } from 'react'
import { ChevronDownIcon } from '../../ui/lazy-icons'
import { CitationTypeIcon } from './CitationTypeIcon'
import type { SourceItem } from './citations'
import { citationsStrings } from './citations.strings'
import { SourcePreview, VideoTimeBadge } from './SourcePreview'

/** One source: '#index title', expandable to its text (spec 1 §2 'Citations overlay'). */
function SourceItemView({
  item,
  used,
  expanded,
  onOpenSource,
}: Readonly<{ item: SourceItem; used: boolean; expanded: boolean; onOpenSource: () => void }>) {
  const [open, setOpen] = useState(expanded)
  const textId = useId()
  const { citation } = item
  const showDocumentTitle = citation.documentTitle && citation.documentTitle !== citation.title
  return (
    <li className="source-item">
      <button
        type="button"
        className="source-item__toggle"
        aria-expanded={open}
        aria-controls={textId}
        onClick={() => setOpen((v) => !v)}
      >
        <span className="source-item__icon">
          <CitationTypeIcon citation={citation} size={16} />
        </span>
        <span className="source-item__title">
          <span className="source-item__index">#{citation.index}</span> {citation.title}
        </span>
        <ChevronDownIcon className="source-item__chevron" />
      </button>
      <Flex className="source-item__body" direction="column" gap="2">
        <Flex align="center" gap="2" wrap="wrap">
          <Text size="1" color="gray">
            {item.isCreatorAnswer ? citationsStrings.creatorAnswer : citationsStrings.types[citation.type]}
            {showDocumentTitle ? ` · ${citation.documentTitle}` : ''}
          </Text>
          {used && citation.type === 'Youtube' && citation.timestamp !== null ? (
            <VideoTimeBadge timestampMs={citation.timestamp} />
          ) : null}
        </Flex>
        <SourcePreview item={item} onOpen={onOpenSource} />
        <div id={textId} hidden={!open}>
          <Text as="p" size="2" className="source-item__text">
            {citation.text}
          </Text>
        </div>
      </Flex>
    </li>
  )
}

export function SourceGroup({
  heading,
  items,
  used,
  expanded,
  onOpenSource,
}: Readonly<{
  heading: string | null
  items: SourceItem[]
  used: boolean
  expanded: boolean
  /** A source's link was opened (spec 1 §7 CLICK_SOURCE). */
  onOpenSource: () => void
}>) {
  const headingId = useId()
  if (items.length === 0) return null
  return (
    <section aria-labelledby={heading ? headingId : undefined} className="source-group">
      {heading ? (
        <Heading as="h3" size="2" color="gray" id={headingId} mb="2">
          {heading}
        </Heading>
      ) : null}
      <ul className="plain-list source-list">
        {items.map((item) => (
          <SourceItemView
            key={item.citation.id}
            item={item}
            used={used}
            expanded={expanded}
            onOpenSource={onOpenSource}
          />
        ))}
      </ul>
    </section>
  )
}
