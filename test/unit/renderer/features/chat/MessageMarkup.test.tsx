// @vitest-environment happy-dom
import { cleanup, render } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { MessageMarkup } from '../../../../../renderer/src/features/chat/MessageMarkup'

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
  'BUTTON',
])

function renderMarkup(text: string, citations: number[] = []) {
  const { container } = render(
    <div>
      <MessageMarkup
        text={text}
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

describe('MessageMarkup', () => {
  it('renders only allowed elements, with no attribute from the message', () => {
    const root = renderMarkup(
      '<p onclick="steal()" style="x">Hi <img src=x onerror="alert(1)"><script>alert(1)</script><iframe src="https://evil"></iframe><b onmouseover="x()">bold</b></p>',
    )
    for (const el of root.querySelectorAll('*')) {
      expect(ALLOWED.has(el.tagName)).toBe(true)
      for (const attr of el.attributes)
        expect(['href', 'target', 'rel', 'type', 'aria-label', 'class']).toContain(attr.name)
    }
    expect(root.textContent).toBe('Hi bold')
    expect(root.innerHTML).not.toMatch(/on\w+=/i)
  })

  it('keeps only http(s) and mailto links, opened in a new tab without opener', () => {
    const root = renderMarkup(
      '[ok](https://ok.example/x) [bad](javascript:alert(1)) <a href="javascript:alert(2)">bad2</a> <a href="mailto:a@b.co">mail</a>',
    )
    const links = [...root.querySelectorAll('a')]
    expect(links.map((a) => a.getAttribute('href'))).toEqual(['https://ok.example/x', 'mailto:a@b.co'])
    for (const a of links) {
      expect(a.getAttribute('target')).toBe('_blank')
      expect(a.getAttribute('rel')).toBe('noopener noreferrer')
    }
    expect(root.textContent).toContain('bad')
  })

  it('renders markdown: paragraphs, bullets, bold, italic and code', () => {
    const root = renderMarkup('Intro with **bold**, *italic* and `code`.\n\n- one\n- two')
    expect(root.querySelectorAll('p')).toHaveLength(1)
    expect(root.querySelectorAll('ul > li')).toHaveLength(2)
    expect(root.querySelector('strong')?.textContent).toBe('bold')
    expect(root.querySelector('em')?.textContent).toBe('italic')
    expect(root.querySelector('code')?.textContent).toBe('code')
  })

  it('turns markers with a citation into labels and leaves the rest as text', () => {
    const root = renderMarkup('A [1] B [2] C [100]', [1])
    expect([...root.querySelectorAll('button')].map((b) => b.getAttribute('aria-label'))).toEqual([
      'Source 1',
    ])
    expect(root.textContent).toBe('A 1 B [2] C [100]')
  })
})
