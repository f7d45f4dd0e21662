import { describe, expect, it } from 'vitest'
import {
  ALLOWED_MARKUP_TAGS,
  decodeEntities,
  type MarkupNode,
  markupText,
  parseInline,
  parseMarkup,
  safeHref,
} from '../../../../renderer/src/lib/markup'

/** Every element tag and href in a tree, depth first. */
function elements(nodes: MarkupNode[]): { tag: string; href?: string }[] {
  return nodes.flatMap((n) =>
    n.kind === 'element'
      ? [{ tag: n.tag, ...(n.href ? { href: n.href } : {}) }, ...elements(n.children)]
      : [],
  )
}
const tags = (nodes: MarkupNode[]) => elements(nodes).map((e) => e.tag)

describe('markdown-ish text', () => {
  it('makes paragraphs from blank lines and line breaks from single newlines', () => {
    const tree = parseMarkup('First line\nsecond line\n\nNext paragraph')
    expect(tags(tree)).toEqual(['p', 'br', 'p'])
    expect(markupText(tree)).toBe('First line\nsecond lineNext paragraph')
  })

  it('makes bullet and numbered lists', () => {
    const tree = parseMarkup('Tips:\n- one\n- two\n• three\n\n1. first\n2) second')
    expect(tags(tree)).toEqual(['p', 'ul', 'li', 'li', 'li', 'ol', 'li', 'li'])
  })

  it('continues a list item on an indented line', () => {
    const tree = parseMarkup('- one\n  more of one\n- two')
    expect(tags(tree)).toEqual(['ul', 'li', 'br', 'li'])
  })

  it('makes headings, rules and fenced code', () => {
    const tree = parseMarkup('# Title\n### Small\n---\n```\nconst a = <b>1</b>\n```')
    expect(tags(tree)).toEqual(['h1', 'h3', 'hr', 'pre', 'code'])
    expect(markupText(tree)).toContain('const a = <b>1</b>')
  })

  it('reads bold, italic, inline code and links', () => {
    const tree = parseInline('**bold** and *it* and _also_ and `x*y*` and [site](https://example.com/a)')
    expect(elements(tree)).toEqual([
      { tag: 'strong' },
      { tag: 'em' },
      { tag: 'em' },
      { tag: 'code' },
      { tag: 'a', href: 'https://example.com/a' },
    ])
  })

  it('leaves snake_case, lone stars and unclosed markup as text', () => {
    expect(markupText(parseInline('snake_case_name 2 * 3 = 6 **open'))).toBe(
      'snake_case_name 2 * 3 = 6 **open',
    )
    expect(tags(parseInline('snake_case_name 2 * 3 = 6 **open'))).toEqual([])
  })

  it('links bare web addresses without trailing punctuation', () => {
    const tree = parseInline('See https://example.com/x, then rest.')
    expect(elements(tree)).toEqual([{ tag: 'a', href: 'https://example.com/x' }])
    expect(markupText(tree)).toBe('See https://example.com/x, then rest.')
  })

  it('turns markers 1 to 99 into citations and leaves the rest as text', () => {
    const tree = parseInline('A [1][2] B [99] C [0] D [100] E [07] F [x]')
    const citations = tree.filter((n) => n.kind === 'citation')
    expect(citations.map((c) => (c.kind === 'citation' ? c.index : 0))).toEqual([1, 2, 99])
    expect(markupText(tree)).toBe('A [1][2] B [99] C [0] D [100] E [07] F [x]')
  })

  it('finds markers inside bold text and list items', () => {
    const tree = parseMarkup('- **Cut off at 2 pm [3]**')
    const find = (nodes: MarkupNode[]): number[] =>
      nodes.flatMap((n) => (n.kind === 'citation' ? [n.index] : n.kind === 'element' ? find(n.children) : []))
    expect(find(tree)).toEqual([3])
  })

  it('drops a markdown link with an unsafe address but keeps its label', () => {
    const tree = parseInline('[click](javascript:alert(1)) and [mail](mailto:a@b.co)')
    expect(elements(tree)).toEqual([{ tag: 'a', href: 'mailto:a@b.co' }])
    expect(markupText(tree)).toContain('click')
  })
})

describe('HTML in messages', () => {
  it('drops script and style elements with their content', () => {
    const tree = parseMarkup('Hi<script>alert("x")</script> there<style>p{}</style><SCRIPT src=x>')
    expect(markupText(tree)).toBe('Hi there')
    expect(tags(tree)).toEqual(['p'])
  })

  it('drops disallowed tags but keeps their text', () => {
    const tree = parseMarkup('<div><img src=x onerror="alert(1)">Hello <u>there</u></div>')
    expect(markupText(tree)).toBe('Hello there')
    expect(tags(tree).every((t) => (ALLOWED_MARKUP_TAGS as readonly string[]).includes(t))).toBe(true)
  })

  it('keeps allowed tags without any attribute, on* handlers included', () => {
    const tree = parseMarkup(
      '<p onclick="steal()" class="x" style="color:red">One <b onmouseover="x()">two</b></p>',
    )
    expect(tree).toEqual([
      {
        kind: 'element',
        tag: 'p',
        children: [
          { kind: 'text', text: 'One ' },
          { kind: 'element', tag: 'b', children: [{ kind: 'text', text: 'two' }] },
        ],
      },
    ])
  })

  it('keeps only http(s) and mailto hrefs', () => {
    const tree = parseMarkup(
      '<p><a href="https://ok.example/">ok</a> <a href="javascript:alert(1)">js</a> <a href="JaVaScRiPt:x">js2</a> <a href="java\tscript:x">tab</a> <a href="data:text/html,x">data</a> <a href="/relative">rel</a> <a href="mailto:me@x.io">mail</a></p>',
    )
    expect(elements(tree).filter((e) => e.tag === 'a')).toEqual([
      { tag: 'a', href: 'https://ok.example/' },
      { tag: 'a', href: 'mailto:me@x.io' },
    ])
    expect(markupText(tree)).toBe('ok js js2 tab data rel mail')
  })

  it('handles inline HTML inside markdown text', () => {
    const tree = parseMarkup(
      'Line with <b>bold</b> and <a href="https://x.io" onclick="y">a link</a><br>next',
    )
    expect(elements(tree)).toEqual([
      { tag: 'p' },
      { tag: 'b' },
      { tag: 'a', href: 'https://x.io/' },
      { tag: 'br' },
    ])
  })

  it('builds lists and closes unclosed elements', () => {
    const tree = parseMarkup('<ul><li>one<li>two</ul><p>end')
    expect(tags(tree)).toEqual(['ul', 'li', 'li', 'p'])
    expect(markupText(tree)).toBe('onetwoend')
  })

  it('closes a paragraph before a block, as a browser would', () => {
    const tree = parseMarkup('<p>intro<ul><li>x</li></ul></p>')
    expect(tree.map((n) => (n.kind === 'element' ? n.tag : n.kind))).toEqual(['p', 'ul'])
  })

  it('drops comments and decodes entities in text', () => {
    const tree = parseMarkup('<p>a<!-- hidden -->b &amp; &lt;script&gt; &#39;q&#39;</p>')
    expect(markupText(tree)).toBe("ab & <script> 'q'")
  })

  it('still finds citation markers in HTML text', () => {
    const tree = parseMarkup('<p>Cut off caffeine early [2].</p>')
    expect(tree[0]?.kind === 'element' && tree[0].children.some((c) => c.kind === 'citation')).toBe(true)
  })
})

describe('safeHref', () => {
  it.each([
    ['https://example.com', 'https://example.com/'],
    ['http://example.com/a?b=c', 'http://example.com/a?b=c'],
    ['mailto:someone@example.com', 'mailto:someone@example.com'],
    ['  https://example.com/x  ', 'https://example.com/x'],
  ])('allows %s', (raw, href) => {
    expect(safeHref(raw)).toBe(href)
  })

  it.each([
    'javascript:alert(1)',
    ' javascript:alert(1)',
    'vbscript:x',
    'data:text/html;base64,xx',
    'java\nscript:alert(1)',
    '/relative/path',
    '//evil.example',
    'ftp://example.com',
    '',
    undefined,
  ])('refuses %s', (raw) => {
    expect(safeHref(raw)).toBeUndefined()
  })
})

describe('decodeEntities', () => {
  it('decodes named and numeric entities, leaves unknown ones', () => {
    expect(decodeEntities('&amp;&lt;&gt;&quot;&apos;&#65;&#x42;&bogus;&#0;')).toBe('&<>"\'AB&bogus;&#0;')
  })
})
