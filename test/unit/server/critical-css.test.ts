import { describe, expect, it } from 'vitest'
import { refine, shapeOf } from '../../../server/web/critical-css'

/*
 * The critical CSS a written page carries (server/web/critical-css.ts): Beasties' pick narrowed to the
 * rules whose selectors match the page, read with :where() and :is() as written, and without the custom
 * properties nothing uses.
 */

const page = (body: string) => `<!doctype html><html><head></head><body>${body}</body></html>`
const rules = (css: string) => css.replace(/\s+/g, ' ').trim()

describe('refine: the rules a written page uses', () => {
  const html = page(
    '<div class="radix-themes light"><button class="rt-reset rt-BaseButton rt-variant-soft">Ask</button><p class="rt-Text">Hi</p></div>',
  )

  it('keeps a variant the page shows and drops the ones it does not', () => {
    const css = refine(
      '.rt-BaseButton:where(.rt-variant-soft){color:red}.rt-BaseButton:where(.rt-variant-solid){color:blue}.rt-BaseButton:where(.rt-variant-solid,.rt-variant-soft){padding:1px}',
      html,
    )
    expect(rules(css)).toBe(
      '.rt-BaseButton:where(.rt-variant-soft){color:red}.rt-BaseButton:where(.rt-variant-solid,.rt-variant-soft){padding:1px}',
    )
  })

  it('keeps a rule whose selector is all :where(), as Radix writes its resets', () => {
    expect(rules(refine(':where(.rt-Text){margin:0}:where(.rt-Heading){margin:0}', html))).toBe(
      ':where(.rt-Text){margin:0}',
    )
  })

  it('counts states and pseudo-elements as matching, and keeps what it cannot read', () => {
    const css = refine(
      '.rt-BaseButton:hover{color:red}.rt-BaseButton:focus-visible::after{outline:1px}.nowhere:hover{color:blue}.rt-Text:unknown-state(x){color:green}',
      html,
    )
    expect(css).toContain('.rt-BaseButton:hover{color:red}')
    expect(css).toContain('.rt-BaseButton:focus-visible::after{outline:1px}')
    expect(css).not.toContain('.nowhere')
    expect(css).toContain(':unknown-state(x)')
  })

  it('drops the custom properties nothing uses, following one that names another', () => {
    const css = refine(
      ':root,.light{--red-9:#e5484d;--accent-9:var(--violet-9);--violet-9:#6e56cf;--unused:1px;--from-style:2px}.rt-Text{color:var(--accent-9)}',
      page('<p class="rt-Text" style="gap:var(--from-style)">Hi</p>'),
    )
    expect(rules(css)).toBe(
      ':root,.light{--accent-9:var(--violet-9);--violet-9:#6e56cf;--from-style:2px}.rt-Text{color:var(--accent-9)}',
    )
  })

  it('leaves no at-rule emptied of its rules', () => {
    const css = refine(
      '@supports (color:red){@media (min-width:1024px){.nowhere{color:red}}}@media (min-width:768px){.rt-Text{margin:1px}}',
      html,
    )
    expect(rules(css)).toBe('@media (min-width:768px){.rt-Text{margin:1px}}')
  })
})

describe('shapeOf: pages that take the same rules', () => {
  it('is the same for the same markup in other words, and differs for other markup', () => {
    const a = page('<h1 class="talk-header__name" title="Lena">Lena Hart</h1><p class="x">Hello</p>')
    const b = page('<h1 class="talk-header__name" title="Tomás">Tomás Rivera</h1><p class="x">Hola</p>')
    const c = page('<h1 class="talk-header__name">Lena Hart</h1><p class="y">Hello</p>')
    expect(shapeOf(a)).toBe(shapeOf(b))
    expect(shapeOf(a)).not.toBe(shapeOf(c))
  })
})
