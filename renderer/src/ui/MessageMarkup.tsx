import { compiler, type MarkdownToJSX, parser, RuleType } from 'markdown-to-jsx/react'
import {
  createElement,
  Fragment,
  isValidElement,
  memo,
  type ReactElement,
  type ReactNode,
  useMemo,
} from 'react'
import { CITATION_MARKER_SOURCE } from '../lib/citation-markers'
import {
  isAllowedMarkupTag,
  isAppLink,
  isDroppedWithContent,
  safeHref,
  VOID_MARKUP_TAGS,
} from '../lib/markup'

export interface MessageMarkupProps {
  text: string
  /** A label for citation n, or null to leave the marker as plain text (no such citation). */
  renderCitation?: (index: number) => ReactNode | null
  /**
   * The streaming message: each word fades in as it arrives (CSS honours prefers-reduced-motion), and
   * half-written markdown (an unclosed `**`, a link without its address yet) is held back, not shown raw.
   */
  animateWords?: boolean
}

const WORDS = /(\s+)/
/**
 * Citation markers are kept out of markdown's way: '[7]' is link syntax to a markdown parser (a
 * shortcut reference, or a link about to get its address while streaming). Before parsing, every marker
 * not followed by '(' becomes a private-use token that markdown leaves alone; the text renderer turns the
 * tokens into labels, and code, link addresses and image descriptions get their '[7]' back.
 */
const TOKEN_OPEN = '\uE000'
const TOKEN_CLOSE = '\uE001'
const MARKER_NOT_A_LINK = new RegExp(`${CITATION_MARKER_SOURCE}(?!\\()`, 'g')
const TOKEN = /\uE000(\d{1,2})\uE001/g
const STRAY_TOKEN_CHARACTERS = /[\uE000\uE001]/g
/** A marker still being written at the end of a streaming text ('[', '[1', '[12'). */
const PARTIAL_MARKER_AT_END = /\[[1-9]?\d?$/

const protectMarkers = (text: string) =>
  text.replace(STRAY_TOKEN_CHARACTERS, '').replace(MARKER_NOT_A_LINK, `${TOKEN_OPEN}$1${TOKEN_CLOSE}`)
const restoreMarkers = (text: string) => text.replace(TOKEN, '[$1]')

function renderWords(text: string, animate: boolean, keyPrefix: string): ReactNode {
  if (!animate) return text
  // Keys are word positions: words already shown keep their element, so only new words animate.
  return text.split(WORDS).map((part, i) =>
    i % 2 === 1 || part === '' ? (
      part
    ) : (
      <span key={`${keyPrefix}-${i}`} className="chat-word">
        {part}
      </span>
    ),
  )
}

/** Plain text of the message: citation markers become labels, single newlines line breaks. */
function renderText(text: string, props: MessageMarkupProps): ReactNode[] {
  const out: ReactNode[] = []
  text.split(new RegExp(TOKEN.source)).forEach((part, i) => {
    if (i % 2 === 1) {
      out.push(<Fragment key={`c${i}`}>{props.renderCitation?.(Number(part)) ?? `[${part}]`}</Fragment>)
      return
    }
    part.split('\n').forEach((line, j) => {
      if (j > 0) out.push(<br key={`b${i}-${j}`} />)
      if (line)
        out.push(
          <Fragment key={`t${i}-${j}`}>{renderWords(line, !!props.animateWords, `w${i}-${j}`)}</Fragment>,
        )
    })
  })
  return out
}

function renderLink(href: string | undefined, children: ReactNode, key: MarkdownToJSX.State['key']) {
  if (!href) return <Fragment key={key}>{children}</Fragment>
  if (isAppLink(href)) {
    return (
      <a key={key} href={href}>
        {children}
      </a>
    )
  }
  return (
    <a key={key} href={href} target="_blank" rel="noopener noreferrer">
      {children}
    </a>
  )
}

/**
 * The last guard: every element markdown-to-jsx itself creates passes here. Only allowed tags are made,
 * with no attribute from the message (an <a> keeps a safe href); script-like elements vanish with their
 * content and any other tag leaves its content only.
 */
function allowListedElement(type: unknown, props: Record<string, unknown> | null, ...children: ReactNode[]) {
  const key = (props?.key as string | number | undefined) ?? null
  if (typeof type !== 'string') {
    return createElement(type as Parameters<typeof createElement>[0], props, ...children)
  }
  const tag = type.toLowerCase()
  if (isDroppedWithContent(tag)) return null
  if (!isAllowedMarkupTag(tag)) return createElement(Fragment, { key }, ...children)
  if (tag === 'a') {
    const href = typeof props?.href === 'string' ? safeHref(restoreMarkers(props.href)) : undefined
    return renderLink(href, children, key ?? undefined)
  }
  if (VOID_MARKUP_TAGS.has(tag)) return createElement(tag, { key })
  // A paragraph holding a list or another block (HTML allows writing it): keep only its content.
  if (tag === 'p' && holdsBlocks(children)) return createElement(Fragment, { key }, ...children)
  // An unclosed <li> ('<li>one<li>two'): the next item follows it instead of sitting inside it.
  if (tag === 'li' && children.flat(3).some(isListItem)) {
    const items: ReactNode[][] = [[]]
    for (const child of children.flat(3)) {
      if (isListItem(child)) {
        const inner = (child as ReactElement<{ children?: ReactNode }>).props.children
        items.push(inner === undefined || inner === null ? [] : [inner])
      } else {
        items.at(-1)!.push(child)
      }
    }
    return createElement(
      Fragment,
      { key },
      ...items.map((item, i) => createElement('li', { key: i }, ...item)),
    )
  }
  return createElement(tag, { key }, ...children)
}

const BLOCK_TAGS: ReadonlySet<string> = new Set([
  'p',
  'ul',
  'ol',
  'li',
  'pre',
  'hr',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
])

/** Children that are block elements (a list inside an HTML <p>): a <p> cannot hold them. */
const holdsBlocks = (children: ReactNode[]): boolean =>
  children
    .flat(3)
    .some((child) => isValidElement(child) && typeof child.type === 'string' && BLOCK_TAGS.has(child.type))

const isListItem = (child: ReactNode): boolean => isValidElement(child) && child.type === 'li'

/**
 * What is inside an HTML element. Malformed HTML (an unclosed <li>) leaves it unparsed in `text`:
 * parse that too (one paragraph's content at most) rather than lose it.
 */
function htmlContent(node: MarkdownToJSX.HTMLNode): MarkdownToJSX.ASTNode[] {
  if (node.children?.length || !node.text || isDroppedWithContent(node.tag)) return node.children ?? []
  const nodes = parser(node.text, { tagfilter: false })
  const [only] = nodes
  return nodes.length === 1 && only?.type === RuleType.paragraph ? only.children : nodes
}

/** CommonMark's block-level HTML tags: an HTML block runs on until a blank line after them. */
const HTML_BLOCK_START =
  /^ {0,3}<(address|article|aside|blockquote|center|details|dialog|dir|div|dl|dd|dt|fieldset|figcaption|figure|footer|form|h[1-6]|header|hr|iframe|li|main|menu|nav|noframes|ol|p|pre|script|section|style|summary|table|textarea|title|ul)(?=[\s/>])/i

/**
 * Text right after a top-level HTML block ('<h2>Title</h2>\nNext', '<p>a</p> b') would be swallowed by
 * the HTML block: a blank line after the block's closing tag makes it a paragraph of its own. Fenced code
 * is left as written.
 */
function separateHtmlBlocks(source: string): string {
  const lines = source.split('\n')
  let inFence = false
  for (let i = 0; i < lines.length; i += 1) {
    const line = lines[i] as string
    if (/^ {0,3}(```|~~~)/.test(line)) inFence = !inFence
    const start = inFence ? null : HTML_BLOCK_START.exec(line)
    if (!start) continue
    const tag = (start[1] as string).toLowerCase()
    const rest = lines.slice(i).join('\n')
    const end = closingTagEnd(rest, tag)
    if (end < 0) continue
    const after = rest.slice(end)
    if (!after.trim() || /^[ \t]*\n[ \t]*\n/.test(after)) continue
    const block = rest.slice(0, end)
    lines.splice(i, lines.length - i, ...`${block}\n\n${after.replace(/^[ \t]*\n?/, '')}`.split('\n'))
    i += block.split('\n').length
  }
  return lines.join('\n')
}

/** Where the element opened at the start of `text` closes (after its closing tag), or -1. */
function closingTagEnd(text: string, tag: string): number {
  if (tag === 'hr') return text.indexOf('>') + 1
  const pattern = new RegExp(`<(/?)${tag}(?=[\\s/>])[^>]*>`, 'gi')
  let depth = 0
  for (let match = pattern.exec(text); match; match = pattern.exec(text)) {
    if (match[1] === '/') depth -= 1
    else if (!match[0].endsWith('/>')) depth += 1
    if (depth === 0) return match.index + match[0].length
  }
  return -1
}

function markdownOptions(props: MessageMarkupProps): Partial<MarkdownToJSX.Options> {
  return {
    // Always block structure (a one-line answer is still a paragraph), and no wrapper element.
    forceBlock: true,
    wrapper: null,
    // Script-like tags are dropped with their content below, rather than shown escaped.
    tagfilter: false,
    optimizeForStreaming: !!props.animateWords,
    // Link destinations: only what safeHref allows; the rest become their text.
    sanitizer: (value) => safeHref(restoreMarkers(value)) ?? null,
    createElement: allowListedElement as MarkdownToJSX.Options['createElement'],
    renderRule(next, node, renderChildren, state) {
      switch (node.type) {
        case RuleType.text:
          return <Fragment key={state.key}>{renderText(node.text, props)}</Fragment>
        case RuleType.link:
          return renderLink(
            safeHref(node.target && restoreMarkers(node.target)),
            renderChildren(node.children, state),
            state.key,
          )
        case RuleType.codeBlock:
          return (
            <pre key={state.key}>
              <code>{restoreMarkers(node.text)}</code>
            </pre>
          )
        case RuleType.codeInline:
          return <code key={state.key}>{restoreMarkers(node.text)}</code>
        case RuleType.image:
          // Images are not message markup: their description stays as text.
          return node.alt ? <Fragment key={state.key}>{restoreMarkers(node.alt)}</Fragment> : null
        case RuleType.gfmTask:
          return <Fragment key={state.key}>{node.completed ? '[x] ' : '[ ] '}</Fragment>
        case RuleType.table:
          // Tables are not message markup: one line per row, cells separated by a bar.
          return (
            <p key={state.key}>
              {[node.header, ...node.cells].map((row, r) => (
                <Fragment key={r}>
                  {r > 0 ? <br /> : null}
                  {row.map((cell, c) => (
                    <Fragment key={c}>
                      {c > 0 ? ' | ' : null}
                      {renderChildren(cell, state)}
                    </Fragment>
                  ))}
                </Fragment>
              ))}
            </p>
          )
        case RuleType.htmlBlock:
        case RuleType.htmlSelfClosing: {
          // From the parsed tree, never markdown-to-jsx's own HTML output (which may set innerHTML and
          // drops the spaces between inline elements); every element through the allow-list.
          const content = node.type === RuleType.htmlBlock ? htmlContent(node) : []
          return allowListedElement(
            node.tag,
            { key: state.key, href: node.attrs?.href },
            content.length > 0 ? renderChildren(content, state) : null,
          )
        }
        default:
          return next()
      }
    },
  }
}

/** Markup with each rule an answer usually has: paragraphs, emphasis, a list, a link, a citation. */
const WARM_UP_TEXT =
  'A **first** answer, with *emphasis* [1].\n\n- one point\n- [a link](https://example.com/a)\n\n1. a step\n\n<b>bold</b> `code`'

/**
 * Turns a sample answer into elements once and drops them (issue #27): the parser's and the rules' code
 * is compiled and warmed during idle time after the talk screen shows, not in the frame that paints the
 * first answer of a visit.
 */
export function warmMessageMarkup(): void {
  // As it streams (each word its own element) and once complete.
  for (const animateWords of [true, false]) {
    const props: MessageMarkupProps = { text: WARM_UP_TEXT, renderCitation: () => null, animateWords }
    compiler(separateHtmlBlocks(protectMarkers(WARM_UP_TEXT)), markdownOptions(props))
  }
}

/** A clone message's text as safe React elements (spec 1 §9 allowed tags), with citation labels. */
export const MessageMarkup = memo(function MessageMarkup(props: Readonly<MessageMarkupProps>) {
  const { text, renderCitation, animateWords } = props
  const nodes = useMemo(() => {
    const source = separateHtmlBlocks(
      protectMarkers(animateWords ? text.replace(PARTIAL_MARKER_AT_END, '') : text),
    )
    return compiler(source, markdownOptions({ text, renderCitation, animateWords }))
  }, [text, renderCitation, animateWords])
  return <>{nodes}</>
})
