// @vitest-environment happy-dom
import { cleanup, render } from '@testing-library/react'
import fc from 'fast-check'
import { afterEach, describe, expect, it } from 'vitest'
import { MessageMarkup } from '../../../../renderer/src/ui/MessageMarkup'

/*
 * A clone message as the visitor sees it (spec 1 §9 'Allowed message markup tags'): markdown and the
 * allowed HTML become elements, nothing from the message becomes an attribute except a safe link, and
 * citation markers become labels.
 */

afterEach(cleanup)

const ALLOWED = new Set([
  'P',
  'A',
  'I',
  'EM',
  'BR',
  'B',
  'STRONG',
  'UL',
  'OL',
  'LI',
  'HR',
  'CODE',
  'PRE',
  'H1',
  'H2',
  'H3',
  'H4',
  'H5',
  'H6',
  'SPAN',
  // The citation labels of these tests.
  'BUTTON',
])
/** Attributes only the app sets: link targets, the test's citation labels, the streaming word class. */
const APP_ATTRIBUTES = ['href', 'target', 'rel', 'type', 'aria-label', 'class']

function renderMarkup(text: string, { citations = [] as number[], streaming = false } = {}) {
  const { container } = render(
    <div>
      <MessageMarkup
        text={text}
        animateWords={streaming}
        renderCitation={(n) =>
          citations.includes(n) ? (
            <button type="button" aria-label={`Source ${n}`}>
              {n}
            </button>
          ) : null
        }
      />
    </div>,
  )
  return container.firstElementChild as HTMLElement
}

/** Every element below the root, as tag names in document order. */
const tags = (root: HTMLElement) => [...root.querySelectorAll('*')].map((el) => el.tagName.toLowerCase())
const links = (root: HTMLElement) => [...root.querySelectorAll('a')].map((a) => a.getAttribute('href'))

function expectOnlyAllowedElements(root: HTMLElement) {
  for (const el of root.querySelectorAll('*')) {
    expect(ALLOWED.has(el.tagName), el.tagName).toBe(true)
    for (const attr of el.attributes) expect(APP_ATTRIBUTES).toContain(attr.name)
  }
  for (const a of root.querySelectorAll('[href]')) {
    const protocol = new URL(a.getAttribute('href')!, 'https://app.invalid').protocol
    expect(['https:', 'http:', 'mailto:', 'tel:']).toContain(protocol)
  }
  expect(root.innerHTML).not.toMatch(/<[^>]*\son\w+=/i)
}

describe('markdown', () => {
  it('makes paragraphs from blank lines and line breaks from single newlines', () => {
    const root = renderMarkup('First line\nsecond line\n\nNext paragraph')
    expect(tags(root)).toEqual(['p', 'br', 'p'])
    expect(root.textContent).toBe('First linesecond lineNext paragraph')
  })

  it('makes bullet and numbered lists', () => {
    const root = renderMarkup('Tips:\n- one\n- two\n- three\n\n1. first\n2. second')
    expect(tags(root)).toEqual(['p', 'ul', 'li', 'li', 'li', 'ol', 'li', 'li'])
    expect([...root.querySelectorAll('li')].map((li) => li.textContent)).toEqual([
      'one',
      'two',
      'three',
      'first',
      'second',
    ])
  })

  it('continues a list item on an indented line', () => {
    const root = renderMarkup('- one\n  more of one\n- two')
    expect(tags(root)).toEqual(['ul', 'li', 'br', 'li'])
  })

  it('makes headings, rules and fenced code, whose text stays text', () => {
    const root = renderMarkup('# Title\n### Small\n---\n```\nconst a = <b>1</b> [1]\n```', { citations: [1] })
    expect(tags(root)).toEqual(['h1', 'h3', 'hr', 'pre', 'code'])
    expect(root.querySelector('pre')?.textContent).toBe('const a = <b>1</b> [1]')
    expect(root.querySelector('h1')?.attributes).toHaveLength(0)
  })

  it('reads bold, italic, inline code and links', () => {
    const root = renderMarkup('**bold** and *it* and _also_ and `x*y*` and [site](https://example.com/a)')
    expect(tags(root)).toEqual(['p', 'strong', 'em', 'em', 'code', 'a'])
    expect(root.querySelector('code')?.textContent).toBe('x*y*')
    expect(links(root)).toEqual(['https://example.com/a'])
  })

  it('leaves snake_case, lone stars and unclosed markup as text', () => {
    const root = renderMarkup('snake_case_name 2 * 3 = 6 **open')
    expect(root.textContent).toBe('snake_case_name 2 * 3 = 6 **open')
    expect(tags(root)).toEqual(['p'])
  })

  it('links bare web addresses without trailing punctuation', () => {
    const root = renderMarkup('See https://example.com/x, then rest.')
    expect(links(root)).toEqual(['https://example.com/x'])
    expect(root.textContent).toBe('See https://example.com/x, then rest.')
  })

  it('turns markers 1 to 99 into citations and leaves the rest as text', () => {
    const root = renderMarkup('A [1][2] B [99] C [0] D [100] E [07] F [x]', { citations: [1, 2, 99] })
    expect([...root.querySelectorAll('button')].map((b) => b.textContent)).toEqual(['1', '2', '99'])
    expect(root.textContent).toBe('A 12 B 99 C [0] D [100] E [07] F [x]')
  })

  it('finds markers inside bold text and list items', () => {
    const root = renderMarkup('- **Cut off at 2 pm [3]**', { citations: [3] })
    expect(root.querySelector('li strong button')?.getAttribute('aria-label')).toBe('Source 3')
  })

  it('keeps a marker a marker even where markdown would read a reference link', () => {
    const root = renderMarkup('Caffeine lingers [1].\n\n[1]: https://example.com/', { citations: [1] })
    expect(root.querySelector('p > button')?.getAttribute('aria-label')).toBe('Source 1')
    expect(root.querySelector('a button')).toBeNull()
  })

  it('drops a markdown link with an unsafe address but keeps its label', () => {
    const root = renderMarkup(
      '[click](javascript:alert(1)) [ent](java&#9;script:alert(1)) [data](data:text/html,x) and [mail](mailto:a@b.co)',
    )
    expect(links(root)).toEqual(['mailto:a@b.co'])
    expect(root.textContent).toContain('click')
    expect(root.textContent).toContain('ent')
    expectOnlyAllowedElements(root)
  })

  it('renders a table as lines of text (tables are not message markup)', () => {
    const root = renderMarkup('| a | b |\n|---|---|\n| 1 | 2 |')
    expect(tags(root)).toEqual(['p', 'br'])
    expect(root.textContent).toBe('a | b1 | 2')
  })
})

describe('HTML in messages', () => {
  it('drops script and style elements with their content', () => {
    const root = renderMarkup('Hi<script>alert("x")</script> there<style>p{}</style><SCRIPT src=x>')
    expect(root.textContent).toBe('Hi there')
    expect(tags(root)).toEqual(['p'])
  })

  it('drops disallowed tags but keeps their text', () => {
    const root = renderMarkup('<div><img src=x onerror="alert(1)">Hello <u>there</u></div>')
    expect(root.textContent).toBe('Hello there')
    expectOnlyAllowedElements(root)
  })

  it('keeps allowed tags without any attribute, on* handlers included', () => {
    const root = renderMarkup(
      '<p onclick="steal()" class="x" style="color:red">One <b onmouseover="x()">two</b></p>',
    )
    expect(root.innerHTML).toBe('<p>One <b>two</b></p>')
  })

  it('keeps only http(s), mailto and the app’s own links', () => {
    const root = renderMarkup(
      '<p><a href="https://ok.example/">ok</a> <a href="javascript:alert(1)">js</a> <a href="JaVaScRiPt:x">js2</a> <a href="java\tscript:x">tab</a> <a href="java&#x09;script:x">ent</a> <a href="data:text/html,x">data</a> <a href="//evil.example/">proto</a> <a href="/relative">rel</a> <a href="mailto:me@x.io">mail</a></p>',
    )
    expect(links(root)).toEqual(['https://ok.example/', '/relative', 'mailto:me@x.io'])
    expect(root.textContent).toBe('ok js js2 tab ent data proto rel mail')
    expectOnlyAllowedElements(root)
  })

  it('handles inline HTML inside markdown text', () => {
    const root = renderMarkup(
      'Line with <b>bold</b> and <a href="https://x.io" onclick="y">a link</a><br>next',
    )
    expect(tags(root)).toEqual(['p', 'b', 'a', 'br'])
    expect(links(root)).toEqual(['https://x.io/'])
  })

  it('builds lists and closes unclosed elements', () => {
    const root = renderMarkup('<ul><li>one<li>two</ul><p>end')
    expect(tags(root)).toEqual(['ul', 'li', 'li', 'p'])
    expect(root.textContent).toBe('onetwoend')
  })

  it('never nests a block inside a paragraph, as a browser would not', () => {
    const root = renderMarkup('<p>intro<ul><li>x</li></ul></p>')
    expect(root.querySelector('p ul')).toBeNull()
    expect(root.querySelector('ul > li')?.textContent).toBe('x')
    expect(root.textContent).toBe('introx')
  })

  it('keeps the text after a block element, on the same line or the next', () => {
    const root = renderMarkup('<h2>Title</h2>\nText after [1]\n\n<p>para</p> trailing', { citations: [1] })
    expect(root.querySelector('h2')?.textContent).toBe('Title')
    expect(root.textContent).toBe('TitleText after 1paratrailing')
    expect(root.querySelector('button')?.getAttribute('aria-label')).toBe('Source 1')
  })

  it('keeps the spaces between inline elements', () => {
    expect(renderMarkup('<p><b>a</b> <i>b</i></p>').textContent).toBe('a b')
  })

  it('drops comments and decodes entities in text', () => {
    const root = renderMarkup('<p>a<!-- hidden -->b &amp; &lt;script&gt; &#39;q&#39; &#x42;</p>')
    expect(root.textContent).toBe("ab & <script> 'q' B")
    expect(root.querySelector('script')).toBeNull()
  })

  it('still finds citation markers in HTML text', () => {
    const root = renderMarkup('<p>Cut off caffeine early [2].</p>', { citations: [2] })
    expect(root.querySelector('p > button')?.getAttribute('aria-label')).toBe('Source 2')
  })

  it('renders only allowed elements, with no attribute from the message', () => {
    const root = renderMarkup(
      '<p onclick="steal()" style="x">Hi <img src=x onerror="alert(1)"><script>alert(1)</script><iframe src="https://evil"></iframe><b onmouseover="x()">bold</b></p><svg onload="alert(1)"><a href="javascript:x">s</a></svg><form action="https://evil"><input name="q"><button formaction="javascript:x">go</button></form><object data="x.swf"></object>',
    )
    expectOnlyAllowedElements(root)
    expect(root.textContent).toBe('Hi bold')
  })
})

describe('any message', () => {
  /** Pieces of markdown, allowed and hostile HTML, entities, markers and plain text, in any order. */
  const piece = fc.constantFrom(
    '**',
    '*',
    '_',
    '`',
    '```\n',
    '\n',
    '\n\n',
    '- ',
    '1. ',
    '# ',
    '> ',
    '[',
    ']',
    '(',
    ')',
    '[1]',
    '[x](javascript:alert(1))',
    '[y](https://ok.example/)',
    '<',
    '>',
    '</p>',
    '<p>',
    '<b>',
    '</b>',
    '<a href="javascript:alert(1)">',
    '<a href="java&#x09;script:x">',
    '<a href="https://ok.example/" onclick="x()">',
    '</a>',
    '<img src=x onerror=alert(1)>',
    '<script>alert(1)</script>',
    '<script>',
    '<style>*{}</style>',
    '<iframe src="https://evil">',
    '<svg onload=alert(1)>',
    '<div style="x" class="y">',
    '</div>',
    '<ul><li>',
    '<!--',
    '-->',
    '&lt;',
    '&#106;avascript:',
    'data:text/html,x',
    ' word ',
    'https://example.com/p',
  )

  it('never renders an element outside the allow-list or an attribute from the message', () => {
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 24 }), fc.boolean(), (pieces, streaming) => {
        const root = renderMarkup(pieces.join(''), { citations: [1], streaming })
        expectOnlyAllowedElements(root)
        cleanup()
      }),
      { numRuns: 300 },
    )
  })
})

describe('links', () => {
  it('opens links that leave the app in a new tab without opener, and the app’s own in place', () => {
    const root = renderMarkup(
      '[ok](https://ok.example/x) [bad](javascript:alert(1)) <a href="javascript:alert(2)">bad2</a> <a href="mailto:a@b.co">mail</a> [call](tel:+15551234) [talk](/lena-hart/talk)',
    )
    expect(links(root)).toEqual(['https://ok.example/x', 'mailto:a@b.co', 'tel:+15551234', '/lena-hart/talk'])
    for (const a of root.querySelectorAll('a')) {
      if (a.getAttribute('href')!.startsWith('/')) {
        expect(a.hasAttribute('target')).toBe(false)
      } else {
        expect(a.getAttribute('target')).toBe('_blank')
        expect(a.getAttribute('rel')).toBe('noopener noreferrer')
      }
    }
    expect(root.textContent).toContain('bad')
  })
})

describe('MessageMarkup', () => {
  it('renders markdown: paragraphs, bullets, bold, italic and code', () => {
    const root = renderMarkup('Intro with **bold**, *italic* and `code`.\n\n- one\n- two')
    expect(root.querySelectorAll('p')).toHaveLength(1)
    expect(root.querySelectorAll('ul > li')).toHaveLength(2)
    expect(root.querySelector('strong')?.textContent).toBe('bold')
    expect(root.querySelector('em')?.textContent).toBe('italic')
    expect(root.querySelector('code')?.textContent).toBe('code')
  })

  it('turns markers with a citation into labels and leaves the rest as text', () => {
    const root = renderMarkup('A [1] B [2] C [100]', { citations: [1] })
    expect([...root.querySelectorAll('button')].map((b) => b.getAttribute('aria-label'))).toEqual([
      'Source 1',
    ])
    expect(root.textContent).toBe('A 1 B [2] C [100]')
  })
})

describe('while the answer streams', () => {
  it('holds back half-written bold, links and markers instead of showing their syntax', () => {
    for (const text of [
      'Sleep **well',
      'Read [the guide](https://exa',
      'Cut off early [',
      'Cut off early [1',
    ]) {
      const root = renderMarkup(text, { streaming: true, citations: [1] })
      expect(root.textContent, text).not.toMatch(/[*[\]()]/)
      expect(root.querySelector('a'), text).toBeNull()
      cleanup()
    }
  })

  it('shows each piece as soon as it is complete, words wrapped for the fade-in', () => {
    const root = renderMarkup('Sleep **well** now [1]', { streaming: true, citations: [1] })
    expect(root.querySelector('strong')?.textContent).toBe('well')
    expect(root.querySelector('button')?.getAttribute('aria-label')).toBe('Source 1')
    expect([...root.querySelectorAll('.chat-word')].map((w) => w.textContent)).toEqual([
      'Sleep',
      'well',
      'now',
    ])
  })

  it('renders the finished text as written: a lone star stays', () => {
    const root = renderMarkup('Use *args here')
    expect(root.textContent).toBe('Use *args here')
  })
})
