import postcss from 'postcss'
import { parseAst } from 'vite'
import { describe, expect, it } from 'vitest'
import { type EsNode, purgeRadixCss } from '../../../pwa/radix-css'

/*
 * The build's Radix Themes CSS purge (pwa/radix-css.ts): it keeps what the bundled JavaScript can use
 * and nothing a screen needs goes (npm run screens compares the real screens pixel by pixel).
 */

const parse = (code: string) => parseAst(code) as unknown as EsNode

/** The selectors left after purging `css` against the bundled `js`. */
function keptSelectors(css: string, ...js: string[]): string[] {
  const [out] = purgeRadixCss([css], js, parse)
  const selectors: string[] = []
  postcss.parse(out!).walkRules((rule) => {
    selectors.push(...rule.selectors)
  })
  return selectors
}

const rules = (...selectors: string[]) => selectors.map((s) => `${s}{color:red}`).join('\n')

describe('component rules', () => {
  it('stay for components whose code is in the bundle, and go for the others', () => {
    const css = rules(
      '.rt-Button',
      '.rt-Dialog',
      '.rt-Button:where(.rt-variant-soft)',
      '.rt-Dialog .rt-Button',
    )
    expect(keptSelectors(css, 'const c = "rt-Button rt-BaseButton"')).toEqual([
      '.rt-Button',
      '.rt-Button:where(.rt-variant-soft)',
    ])
  })

  it('read :where/:is lists as either branch, and :not as requiring nothing', () => {
    const css = rules(
      ':where(.rt-Dialog, .rt-Button) .x',
      ':where(.rt-Dialog, .rt-Popover)',
      '.x:not(.rt-Dialog)',
    )
    expect(keptSelectors(css, '"rt-Button"')).toEqual([
      ':where(.rt-Dialog, .rt-Button) .x',
      '.x:not(.rt-Dialog)',
    ])
  })

  it('keep only the used selectors of a shared rule', () => {
    const [out] = purgeRadixCss(['.rt-Button,.rt-Dialog{color:red}'], ['"rt-Button"'], parse)
    expect(out).toBe('.rt-Button{color:red}')
  })
})

describe('responsive classes', () => {
  it('stay for the values props are given in the bundle, at their breakpoints', () => {
    const css = rules(
      '.rt-r-gap-3',
      '.rt-r-gap-8',
      '.md\\:rt-r-gap-3',
      '.rt-r-fd-column',
      '.rt-r-size-7',
      '.sm\\:rt-r-size-8',
      '.md\\:rt-r-size-8',
    )
    const js = 'jsx(Flex,{gap:"3",direction:`column`});jsx(Heading,{size:{initial:"7",sm:`8`}})'
    expect(keptSelectors(css, js)).toEqual([
      '.rt-r-gap-3',
      '.rt-r-fd-column',
      '.rt-r-size-7',
      '.sm\\:rt-r-size-8',
    ])
  })

  it('map values as Radix does: justify between, negative margins', () => {
    const css = rules('.rt-r-jc-space-between', '.rt-r-jc-center', '.-rt-r-mt-2', '.rt-r-mt-2')
    expect(keptSelectors(css, 'jsx(Flex,{justify:"between",mt:"-2"})')).toEqual([
      '.rt-r-jc-space-between',
      '.-rt-r-mt-2',
    ])
  })

  it('follow both branches of a condition and the defaults in a parameter list', () => {
    const css = rules('.rt-r-pt-1', '.rt-r-pt-5', '.rt-r-pt-9', '.rt-r-pb-4', '.rt-r-pb-6')
    const js = 'jsx(Box,{pt:wide?"5":"1"});function Card({pb:x="4"}){return x}'
    expect(keptSelectors(css, js)).toEqual(['.rt-r-pt-1', '.rt-r-pt-5', '.rt-r-pb-4'])
  })

  it('keep every base value of a prop given a value the build cannot read, and no breakpoint', () => {
    const css = rules('.rt-r-gap-1', '.rt-r-gap-9', '.md\\:rt-r-gap-1', '.rt-r-px-2')
    expect(keptSelectors(css, 'function F(t){return jsx(Flex,{gap:t})}')).toEqual([
      '.rt-r-gap-1',
      '.rt-r-gap-9',
    ])
  })

  it('keep the breakpoints of a responsive object kept in a variable, for every prop', () => {
    const css = rules('.sm\\:rt-r-gtc-2', '.md\\:rt-r-gtc-3', '.md\\:rt-r-gtc-2', '.sm\\:rt-r-gap-2')
    const js = 'const cols={initial:`1`,sm:`2`,md:`3`};jsx(Grid,{columns:cols})'
    expect(keptSelectors(css, js)).toEqual(['.sm\\:rt-r-gtc-2', '.md\\:rt-r-gtc-3', '.sm\\:rt-r-gap-2'])
  })

  it("keep Radix's own defaults, given by no code of the app", () => {
    // Button's default size is 2 and Heading's 6: both are `size` classes.
    expect(keptSelectors(rules('.rt-r-size-2', '.rt-r-size-6', '.rt-r-size-9'), '')).toEqual([
      '.rt-r-size-2',
      '.rt-r-size-6',
    ])
  })
})

describe('everything else', () => {
  it('drops the colour mappings of colours the build has no scale for', () => {
    const css = `:root{--violet-1:#fff}
[data-accent-color=violet]{--accent-1:var(--violet-1)}
[data-accent-color=crimson]{--accent-1:var(--crimson-1)}
:where([data-gray-color=slate]){--gray-1:var(--slate-1)}`
    expect(keptSelectors(css, '')).toEqual([':root', '[data-accent-color=violet]'])
  })

  it('leaves the app’s own rules, tokens and variants alone, and drops emptied media queries', () => {
    const css = `.chat-markup p{margin:0}.rt-variant-soft{x:1}.radix-themes{y:2}
@media (min-width:768px){.md\\:rt-r-gap-7{gap:1px}}`
    const [out] = purgeRadixCss([css], [''], parse)
    expect(out!.trim()).toBe('.chat-markup p{margin:0}.rt-variant-soft{x:1}.radix-themes{y:2}')
  })

  it('drops the keyframes only removed rules used', () => {
    const css = `.rt-Dialog{animation:rt-dialog-in 1s}.rt-Button{animation:rt-fade-in 1s}
@keyframes rt-dialog-in{from{opacity:0}}@keyframes rt-fade-in{from{opacity:0}}`
    const [out] = purgeRadixCss([css], ['"rt-Button"'], parse)
    expect(out).toContain('@keyframes rt-fade-in')
    expect(out).not.toContain('rt-dialog-in')
  })
})
