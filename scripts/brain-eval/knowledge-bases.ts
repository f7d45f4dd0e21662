import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import type { CitationType } from '../../contract'

/**
 * The knowledge bases of the brain evaluation (issue #23; test/fixtures/brain-eval/FORMAT.md): written for it,
 * none derived from the seeded clones. 'tune' is what retrieval may be tuned on; 'heldout' is the real figure.
 */
export type Split = 'tune' | 'heldout'

export interface EvalDocument {
  key: string
  type?: CitationType
  title?: string
  url?: string
  text?: string
  segments?: { startMs: number; text: string }[]
  qa?: { question: string; answer: string }
}

export interface EvalQuestion {
  q: string
  sources?: string[]
  facts?: string[]
  paraphrase?: boolean
  offTopic?: boolean
}

export interface KnowledgeBase {
  id: string
  clone: { name: string; headline?: string; language: string }
  documents: EvalDocument[]
  questions: EvalQuestion[]
}

export const FIXTURES = fileURLToPath(new URL('../../test/fixtures/brain-eval/', import.meta.url))

/** The knowledge bases of a split, in file-name order; `only` keeps those whose id contains it. */
export async function knowledgeBases(split: Split, only?: string): Promise<KnowledgeBase[]> {
  const dir = path.join(FIXTURES, split)
  const files = readdirSync(dir)
    .filter((f) => f.endsWith('.json') || f.endsWith('.gen.ts'))
    .sort()
  const bases: KnowledgeBase[] = []
  for (const file of files) {
    const full = path.join(dir, file)
    const base = file.endsWith('.json')
      ? (JSON.parse(readFileSync(full, 'utf8')) as KnowledgeBase)
      : ((await import(pathToFileURL(full).href)) as { default: () => KnowledgeBase }).default()
    if (!only || base.id.includes(only)) bases.push(base)
  }
  return bases
}
