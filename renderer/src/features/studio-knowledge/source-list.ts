import type { KnowledgeSource, KnowledgeSourceList } from '../../../../contract/studio-knowledge'

/*
 * The sources list as cached: changed at once after an add, a re-read or a removal (the page shows the
 * change before the refetch confirms it, and a queued source starts the list's polling right away).
 */

/** The list with `source` first (new) or in its place (re-read). */
export function withSource(list: KnowledgeSourceList | undefined, source: KnowledgeSource) {
  if (!list) return list
  if (!list.sources.some((s) => s.id === source.id)) return { sources: [source, ...list.sources] }
  return { sources: list.sources.map((s) => (s.id === source.id ? source : s)) }
}

export const withoutSource = (list: KnowledgeSourceList | undefined, id: string) =>
  list ? { sources: list.sources.filter((s) => s.id !== id) } : list

/** Whether any source is still waiting or being read: the list then asks again (and stops once all settle). */
export const hasUnsettled = (sources: readonly KnowledgeSource[] | undefined) =>
  !!sources?.some((source) => source.state === 'queued' || source.state === 'reading')
