/**
 * `npm run lint:cycles`: zero cycles between the renderer's features. dependency-cruiser finds module
 * cycles; two features can still lean on each other through different modules, so this folds the module
 * graph into one node per feature and looks for cycles there. `--graph` prints the feature graph.
 * Exits 1 and names the cycle when there is one.
 */
import { cruise, type ICruiseResult } from 'dependency-cruiser'

const FEATURE = /^renderer\/src\/features\/([^/]+)\//

export type FeatureGraph = Map<string, Set<string>>

/** One edge per pair of features where a module of the first imports a module of the second. */
export function featureGraph(result: ICruiseResult): FeatureGraph {
  const graph: FeatureGraph = new Map()
  for (const module of result.modules) {
    const from = FEATURE.exec(module.source)?.[1]
    if (!from) continue
    const edges = graph.get(from) ?? new Set<string>()
    graph.set(from, edges)
    for (const dependency of module.dependencies) {
      const to = FEATURE.exec(dependency.resolved)?.[1]
      if (to && to !== from) edges.add(to)
    }
  }
  return graph
}

/** Every cycle's features in order (Tarjan's strongly connected components of two or more features). */
export function featureCycles(graph: FeatureGraph): string[][] {
  let counter = 0
  const index = new Map<string, number>()
  const low = new Map<string, number>()
  const stack: string[] = []
  const onStack = new Set<string>()
  const cycles: string[][] = []
  const visit = (node: string) => {
    index.set(node, counter)
    low.set(node, counter)
    counter++
    stack.push(node)
    onStack.add(node)
    for (const next of graph.get(node) ?? []) {
      if (!index.has(next)) {
        visit(next)
        low.set(node, Math.min(low.get(node)!, low.get(next)!))
      } else if (onStack.has(next)) low.set(node, Math.min(low.get(node)!, index.get(next)!))
    }
    if (low.get(node) === index.get(node)) {
      const component: string[] = []
      let member: string | undefined
      do {
        member = stack.pop()!
        onStack.delete(member)
        component.push(member)
      } while (member !== node)
      if (component.length > 1) cycles.push(component.reverse())
    }
  }
  for (const node of [...graph.keys()].sort()) if (!index.has(node)) visit(node)
  return cycles
}

export async function cruiseRenderer(baseDir = process.cwd()): Promise<ICruiseResult> {
  const { output } = await cruise(['renderer/src'], {
    baseDir,
    tsPreCompilationDeps: true,
    doNotFollow: { path: 'node_modules' },
    includeOnly: '^renderer/src/',
  })
  if (typeof output === 'string') throw new Error('dependency-cruiser answered text, expected JSON')
  return output
}

const isMain = process.argv[1]?.endsWith('check-feature-cycles.ts')
if (isMain) {
  const graph = featureGraph(await cruiseRenderer())
  if (process.argv.includes('--graph')) {
    for (const [feature, edges] of [...graph].sort(([a], [b]) => a.localeCompare(b)))
      console.log(`${feature.padEnd(14)} -> ${[...edges].sort().join(', ') || '(none)'}`)
  }
  const cycles = featureCycles(graph)
  if (cycles.length === 0) {
    console.log(`No cycles between the renderer's ${graph.size} features.`)
  } else {
    for (const cycle of cycles) console.error(`Feature cycle: ${[...cycle, cycle[0]].join(' -> ')}`)
    process.exitCode = 1
  }
}
