import * as radixProps from '@radix-ui/themes/props'
import postcss, { type AtRule, type Root, type Rule } from 'postcss'
import type { Plugin, Rolldown } from 'vite'

/**
 * Radix Themes ships its CSS whole: every component (about 60) and every responsive utility class at
 * every breakpoint (`rt-r-mt-2`, `md:rt-r-mt-2`, ...), about 600 KB. After bundling, this plugin keeps
 * only the rules that can match something the app renders:
 *
 * - A component's rules (`.rt-Button`, `.rt-BaseMenuContent`, ...) stay when the bundled JavaScript holds
 *   that class name, i.e. when the component's code is in the build (tree shaking removed the rest).
 * - A responsive class (`rt-r-<prop>-<value>`, with its breakpoint and sign) stays when some object in the
 *   bundled JavaScript gives that Radix prop that value: compiled JSX props (`gap:"3"`), responsive objects
 *   (`size:{initial:"7",sm:"8"}`), destructuring defaults, and every prop's Radix default. A prop given a
 *   value the build cannot read (a variable) keeps all its values at the base breakpoint; a responsive
 *   object the build cannot tie to a prop keeps its breakpoints for every prop.
 * - A colour's mapping (`[data-accent-color=crimson]`) stays when the build has that colour's scale
 *   (main.tsx imports only the colours the app uses; the mappings of the others point at nothing).
 * - Keyframes stay while a kept rule or the JavaScript names them.
 *
 * Every other rule (the app's own CSS, tokens, variants such as `.rt-variant-soft`) is left as it is.
 * Shared by the web build (pwa/vite.config.ts) and the desktop build (electron.vite.config.ts).
 */
export function radixThemesCss(): Plugin {
  return {
    name: 'likeness-radix-themes-css',
    apply: 'build',
    enforce: 'post',
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).flatMap((item) => (item.type === 'chunk' ? [item] : []))
      const assets = cssAssets(bundle)
      const purged = purgeRadixCss(
        assets.map((asset) => String(asset.source)),
        chunks.map((chunk) => chunk.code),
        (code) => this.parse(code) as unknown as EsNode,
      )
      assets.forEach((asset, i) => {
        asset.source = purged[i]!
      })
    },
  }
}

/**
 * The stylesheets of a build without the Radix Themes rules its JavaScript cannot use (see above), in
 * the same order. `parse` reads a chunk into an ESTree syntax tree (the bundler's own parser in the build).
 */
export function purgeRadixCss(
  stylesheets: readonly string[],
  chunks: readonly string[],
  parse: (code: string) => EsNode,
): string[] {
  const code = chunks.join('\n')
  const usage = new PropUsage()
  for (const chunk of chunks) usage.scan(parse(chunk))
  const used: Used = {
    components: new Set(code.match(/rt-[A-Z][A-Za-z]*/g)),
    responsive: usage.classes(),
    palettes: new Set<string>(),
  }
  for (const css of stylesheets) {
    for (const [, colour] of css.matchAll(/--([a-z]+)-1:/g)) used.palettes.add(colour!)
  }
  const roots = stylesheets.map((css) => {
    const root = postcss.parse(css)
    purge(root, used)
    return root
  })
  // Keyframes: named by a kept rule in any stylesheet, or by the JavaScript (inline styles).
  const named = animationNames(roots)
  for (const root of roots) {
    root.walkAtRules(/keyframes$/, (keyframes) => {
      if (!named.has(keyframes.params) && !code.includes(keyframes.params)) keyframes.remove()
    })
  }
  return roots.map((root) => root.toString())
}

function cssAssets(bundle: Rolldown.OutputBundle) {
  return Object.values(bundle).flatMap((item) =>
    item.type === 'asset' && item.fileName.endsWith('.css') ? [item] : [],
  )
}

interface Used {
  /** `violet`, `gray`, ...: colours whose scale (`--violet-1`, ...) the stylesheets define. */
  palettes: Set<string>
  /** `rt-Button`, `rt-BaseMenuContent`, ...: Radix's component classes the JavaScript holds. */
  components: Set<string>
  /** `rt-r-gap-3`, `sm:rt-r-size-8`, `-rt-r-mt-2`, ...: responsive classes some prop can produce. */
  responsive: Set<string>
}

function purge(root: Root, used: Used) {
  root.walkRules((rule: Rule) => {
    if (isInKeyframes(rule)) return
    const kept = rule.selectors.filter((selector) => canMatch(selector, used))
    if (kept.length === 0) rule.remove()
    else if (kept.length < rule.selectors.length) rule.selectors = kept
  })
  // At-rules (media, supports, layer) left with nothing in them.
  let removed = true
  while (removed) {
    removed = false
    root.walkAtRules((atRule: AtRule) => {
      if (atRule.nodes && atRule.nodes.length === 0) {
        atRule.remove()
        removed = true
      }
    })
  }
}

function isInKeyframes(rule: Rule): boolean {
  const parent = rule.parent
  return parent?.type === 'atrule' && /keyframes$/.test((parent as AtRule).name)
}

function animationNames(roots: Root[]): Set<string> {
  const names = new Set<string>()
  for (const root of roots) {
    root.walkDecls(/^(-webkit-)?animation(-name)?$/, (decl) => {
      for (const word of decl.value.split(/[\s,]+/)) names.add(word)
    })
  }
  return names
}

const BREAKPOINTS = ['initial', 'xs', 'sm', 'md', 'lg', 'xl'] as const
type Breakpoint = (typeof BREAKPOINTS)[number]
const isBreakpoint = (key: string): key is Breakpoint => (BREAKPOINTS as readonly string[]).includes(key)

/**
 * Whether a selector can match given the classes in use. It cannot when it requires a class nobody
 * renders. Required: classes outside `:not(...)`; inside `:is/:where/:has(a, b)`, one of the branches.
 */
function canMatch(selector: string, used: Used): boolean {
  let i = 0
  while (i < selector.length) {
    const char = selector[i]!
    if (char === '\\') {
      i += 2
    } else if (char === '.') {
      const match = /^\.((?:\\.|[\w-])+)/.exec(selector.slice(i))!
      if (!classInUse(match[1]!.replace(/\\(.)/g, '$1'), used)) return false
      i += match[0].length
    } else if (char === '[') {
      const close = selector.indexOf(']', i)
      const palette = /^\[data-(?:accent|gray)-color=["']?([\w-]+)["']?\]$/.exec(selector.slice(i, close + 1))
      if (palette && !used.palettes.has(palette[1]!)) return false
      i = close + 1
    } else if (char === ':') {
      const pseudo = /^::?([\w-]+)\(/.exec(selector.slice(i))
      if (!pseudo) {
        i += 1
        continue
      }
      const open = i + pseudo[0].length - 1
      const close = matchingParen(selector, open)
      const inner = selector.slice(open + 1, close)
      const name = pseudo[1]!
      if (['is', 'where', 'has', 'matches', '-webkit-any'].includes(name)) {
        if (!splitTopLevel(inner).some((branch) => canMatch(branch, used))) return false
      }
      // :not(...) and the arguments of :nth-child(...) etc. require nothing.
      i = close + 1
    } else {
      i += 1
    }
  }
  return true
}

function matchingParen(text: string, open: number): number {
  let depth = 0
  for (let i = open; i < text.length; i += 1) {
    if (text[i] === '\\') i += 1
    else if (text[i] === '(') depth += 1
    else if (text[i] === ')') {
      depth -= 1
      if (depth === 0) return i
    }
  }
  return text.length
}

function splitTopLevel(list: string): string[] {
  const parts: string[] = []
  let depth = 0
  let start = 0
  for (let i = 0; i < list.length; i += 1) {
    if (list[i] === '\\') i += 1
    else if (list[i] === '(') depth += 1
    else if (list[i] === ')') depth -= 1
    else if (list[i] === ',' && depth === 0) {
      parts.push(list.slice(start, i))
      start = i + 1
    }
  }
  parts.push(list.slice(start))
  return parts
}

function classInUse(className: string, used: Used): boolean {
  if (/^rt-[A-Z]/.test(className)) return used.components.has(className)
  const responsive = /^(?:(xs|sm|md|lg|xl):)?-?(rt-r-.+)$/.exec(className)
  if (responsive) {
    // A class of a prop family Radix does not describe (none today) is kept.
    if (!familyOf(responsive[2]!)) return true
    return used.responsive.has(className)
  }
  return true
}

interface PropDef {
  type: string
  className: string
  values?: readonly string[]
  default?: unknown
  parseValue?: (value: string) => string | undefined
}

/** Every Radix prop that turns into a responsive class, by prop name (one name may have several defs). */
const PROP_DEFS: Map<string, PropDef[]> = (() => {
  const defs = new Map<string, PropDef[]>()
  const visit = (value: unknown, depth: number) => {
    if (!value || typeof value !== 'object' || depth > 2) return
    for (const [name, def] of Object.entries(value)) {
      if (def && typeof def === 'object' && typeof (def as PropDef).className === 'string') {
        if (!(def as PropDef).className.startsWith('rt-r-')) continue
        const list = defs.get(name) ?? []
        if (!list.includes(def as PropDef)) list.push(def as PropDef)
        defs.set(name, list)
      } else {
        visit(def, depth + 1)
      }
    }
  }
  visit(radixProps, 0)
  return defs
})()

const FAMILIES = [...new Set([...PROP_DEFS.values()].flat().map((def) => def.className))].sort(
  (a, b) => b.length - a.length,
)

function familyOf(className: string): string | undefined {
  return FAMILIES.find((family) => className === family || className.startsWith(`${family}-`))
}

/** The class Radix gives a prop's value at a breakpoint (as helpers/get-responsive-styles.js does). */
function classFor(def: PropDef, value: string, breakpoint: Breakpoint): string | undefined {
  let base: string
  if (def.values?.includes(value)) {
    const parsed = def.parseValue ? def.parseValue(value) : value
    if (parsed === undefined) return undefined
    const negative = parsed.startsWith('-')
    base = `${negative ? '-' : ''}${def.className}-${negative ? parsed.slice(1) : parsed}`
  } else if (def.type === 'string' || def.type === 'enum | string') {
    base = def.className
  } else {
    return undefined
  }
  return breakpoint === 'initial' ? base : `${breakpoint}:${base}`
}

/** An ESTree node as `this.parse` answers it, read loosely. */
export interface EsNode {
  type: string
  [key: string]: unknown
}

const keyName = (node: EsNode): string | undefined => {
  if (node.computed) return undefined
  const key = node.key as EsNode
  if (key.type === 'Identifier') return key.name as string
  if (key.type === 'Literal' && typeof key.value === 'string') return key.value
  return undefined
}

/** The values the bundled JavaScript gives Radix's props, and so the responsive classes it can produce. */
class PropUsage {
  private readonly found = new Set<string>()
  /** Props given something not readable at build time, and where: all their values count there. */
  private readonly dynamic = new Map<string, Set<Breakpoint>>()
  /** Values of responsive objects not given to a prop directly: they count for every prop. */
  private readonly looseBreakpoints = new Map<Breakpoint, Set<string>>()
  /** Responsive objects already read as a prop's value, and the properties of destructuring patterns. */
  private readonly claimed = new WeakSet<object>()
  private readonly inPattern = new WeakSet<object>()

  constructor() {
    for (const defs of PROP_DEFS.values()) {
      for (const def of defs) {
        if (typeof def.default === 'string') this.add(def, def.default, 'initial')
      }
    }
  }

  /** Walks a chunk's syntax tree (parents before children, so claims come before the claimed). */
  scan(node: EsNode) {
    const stack: unknown[] = [node]
    while (stack.length > 0) {
      const current = stack.pop()
      if (!current || typeof current !== 'object') continue
      if (Array.isArray(current)) {
        stack.push(...current)
        continue
      }
      const n = current as EsNode
      if (n.type === 'ObjectPattern')
        for (const property of n.properties as EsNode[]) this.inPattern.add(property)
      if (n.type === 'Property') {
        const name = keyName(n)
        if (name && PROP_DEFS.has(name)) this.readProp(name, n)
      }
      if (n.type === 'ObjectExpression' && !this.claimed.has(n) && isResponsiveObject(n)) {
        this.readLooseResponsive(n)
      }
      for (const key in n) {
        if (key !== 'type') stack.push(n[key])
      }
    }
  }

  classes(): Set<string> {
    const classes = new Set(this.found)
    for (const [name, breakpoints] of this.dynamic) {
      for (const def of PROP_DEFS.get(name)!) {
        for (const breakpoint of breakpoints) {
          for (const value of def.values ?? []) {
            const c = classFor(def, value, breakpoint)
            if (c) classes.add(c)
          }
          if (def.type !== 'enum')
            classes.add(breakpoint === 'initial' ? def.className : `${breakpoint}:${def.className}`)
        }
      }
    }
    for (const [breakpoint, values] of this.looseBreakpoints) {
      for (const defs of PROP_DEFS.values()) {
        for (const def of defs) {
          for (const value of values) {
            const c = classFor(def, value, breakpoint)
            if (c) classes.add(c)
          }
        }
      }
    }
    return classes
  }

  private add(def: PropDef, value: string, breakpoint: Breakpoint) {
    const c = classFor(def, value, breakpoint)
    if (c) this.found.add(c)
  }

  private addDynamic(name: string, breakpoint: Breakpoint) {
    const breakpoints = this.dynamic.get(name) ?? new Set<Breakpoint>()
    breakpoints.add(breakpoint)
    this.dynamic.set(name, breakpoints)
  }

  private readProp(name: string, property: EsNode) {
    const value = property.value as EsNode
    if (this.inPattern.has(property)) {
      // `{ size = '2' }` or `{ size: s = '2' }` in a parameter list: the default is a value given to size.
      if (value.type === 'AssignmentPattern') this.readValue(name, value.right as EsNode, 'initial')
      return
    }
    this.readValue(name, value, 'initial')
  }

  private readValue(name: string, node: EsNode, breakpoint: Breakpoint) {
    switch (node.type) {
      case 'Literal':
      case 'TemplateLiteral': {
        const text = staticString(node)
        if (text !== undefined) {
          for (const def of PROP_DEFS.get(name)!) this.add(def, text, breakpoint)
          return
        }
        if (node.type === 'Literal') return // true, false, null, a regular expression: no class
        break
      }
      case 'ConditionalExpression':
        this.readValue(name, node.consequent as EsNode, breakpoint)
        this.readValue(name, node.alternate as EsNode, breakpoint)
        return
      case 'LogicalExpression':
        // `a && 'x'` gives 'x' or nothing; `a || 'x'` and `a ?? 'x'` may give a.
        if (node.operator !== '&&') this.readValue(name, node.left as EsNode, breakpoint)
        this.readValue(name, node.right as EsNode, breakpoint)
        return
      case 'SequenceExpression':
        this.readValue(name, (node.expressions as EsNode[]).at(-1)!, breakpoint)
        return
      case 'UnaryExpression': {
        const argument = node.argument as EsNode
        if (node.operator === '!' || node.operator === 'void') return
        if (node.operator === '-' && argument.type === 'Literal') {
          for (const def of PROP_DEFS.get(name)!) this.add(def, `-${String(argument.value)}`, breakpoint)
          return
        }
        break
      }
      case 'Identifier':
        if (node.name === 'undefined') return
        break
      case 'ObjectExpression':
        if (breakpoint === 'initial') {
          this.claimed.add(node)
          for (const property of node.properties as EsNode[]) {
            const key = property.type === 'Property' ? keyName(property) : undefined
            if (key && isBreakpoint(key)) this.readValue(name, property.value as EsNode, key)
            else if (property.type === 'SpreadElement') for (const b of BREAKPOINTS) this.addDynamic(name, b)
          }
          return
        }
        break
    }
    this.addDynamic(name, breakpoint)
  }

  private readLooseResponsive(node: EsNode) {
    for (const property of node.properties as EsNode[]) {
      const key = property.type === 'Property' ? keyName(property) : undefined
      if (!key || !isBreakpoint(key) || key === 'initial') continue
      const value = property.value as EsNode
      const values = this.looseBreakpoints.get(key) ?? new Set<string>()
      const text = staticString(value)
      if (text !== undefined) values.add(text)
      else for (const v of allValues()) values.add(v)
      this.looseBreakpoints.set(key, values)
    }
  }
}

/** `{ initial: ..., sm: ... }`: an object with `initial` and at least one other breakpoint, nothing else. */
function isResponsiveObject(node: EsNode): boolean {
  const keys = (node.properties as EsNode[]).map((p) => (p.type === 'Property' ? keyName(p) : undefined))
  return (
    keys.length > 1 && keys.includes('initial') && keys.every((key) => key !== undefined && isBreakpoint(key))
  )
}

/** A string the code spells out: 'x', `x` (no substitutions) or a number. */
function staticString(node: EsNode): string | undefined {
  if (node.type === 'Literal' && (typeof node.value === 'string' || typeof node.value === 'number')) {
    return String(node.value)
  }
  if (node.type === 'TemplateLiteral' && (node.expressions as EsNode[]).length === 0) {
    return ((node.quasis as EsNode[])[0]!.value as { cooked: string }).cooked
  }
  return undefined
}

function allValues(): string[] {
  return [...new Set([...PROP_DEFS.values()].flat().flatMap((def) => def.values ?? []))]
}
