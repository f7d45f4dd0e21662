import { createElement, Fragment, memo, type ReactNode, useMemo } from 'react'
import { type MarkupNode, parseMarkup } from '../../lib/markup'

export interface MessageMarkupProps {
  text: string
  /** A label for citation n, or null to leave the marker as plain text (no such citation). */
  renderCitation?: (index: number) => ReactNode | null
  /** The streaming message: each word fades in as it arrives (CSS honours prefers-reduced-motion). */
  animateWords?: boolean
}

const WORDS = /(\s+)/

function renderText(text: string, animate: boolean): ReactNode {
  if (!animate) return text
  // Keys are word positions: words already shown keep their element, so only new words animate.
  return text.split(WORDS).map((part, i) =>
    i % 2 === 1 || part === '' ? (
      part
    ) : (
      <span key={i} className="chat-word">
        {part}
      </span>
    ),
  )
}

function renderNodes(nodes: readonly MarkupNode[], props: MessageMarkupProps): ReactNode[] {
  return nodes.map((node, i) => {
    if (node.kind === 'text')
      return <Fragment key={i}>{renderText(node.text, !!props.animateWords)}</Fragment>
    if (node.kind === 'citation') {
      return <Fragment key={i}>{props.renderCitation?.(node.index) ?? node.raw}</Fragment>
    }
    const children = node.children.length > 0 ? renderNodes(node.children, props) : undefined
    if (node.tag === 'a') {
      return (
        <a key={i} href={node.href} target="_blank" rel="noopener noreferrer">
          {children}
        </a>
      )
    }
    // Tags come from the parser's allow-list only, and no attribute is ever passed through.
    return createElement(node.tag, { key: i }, children)
  })
}

/** A clone message's text as safe React elements (spec 1 §9 allowed tags), with citation labels. */
export const MessageMarkup = memo(function MessageMarkup(props: Readonly<MessageMarkupProps>) {
  const nodes = useMemo(() => parseMarkup(props.text), [props.text])
  return <>{renderNodes(nodes, props)}</>
})
