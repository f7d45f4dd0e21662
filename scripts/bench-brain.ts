/**
 * `npm run bench:brain` (issue #23): how well the clone answers from material nobody tuned it on. The knowledge
 * bases of test/fixtures/brain-eval (1 to 100 documents, one of 5,000+ chunks, Q&A only, timed transcripts,
 * Spanish, German), each question run through the clone brain (scripts/brain-eval/evaluate.ts). Reported per
 * split, 'tune' (what the thresholds were chosen on) and 'heldout' (never looked at while tuning: the real
 * figure): answered %, paraphrases answered %, off-topic declined %, citation precision, retrieval p50/p95,
 * index build time and memory; for the local composer and, with a test model server, the grounded path.
 *
 * EXPANSION=none|wordnet|vectors|both (default: the brain's) or EXPANSION=compare to run all four;
 * SPLIT=tune|heldout; ONLY=<id part>; VERBOSE=1 lists every miss with its answer; GROUNDED=0 skips the model path.
 */

import { DEFAULT_EXPANSION, type Expansion } from '../server/brain/meaning'
import {
  evaluateKnowledgeBase,
  type KbReport,
  percentile,
  summarise,
  TestModelServer,
} from './brain-eval/evaluate'
import { knowledgeBases, type Split } from './brain-eval/knowledge-bases'

const splits: Split[] = process.env.SPLIT ? [process.env.SPLIT as Split] : ['tune', 'heldout']
const expansions: Expansion[] =
  process.env.EXPANSION === 'compare'
    ? ['none', 'wordnet', 'vectors', 'both']
    : [(process.env.EXPANSION as Expansion | undefined) ?? DEFAULT_EXPANSION]
const grounded = process.env.GROUNDED !== '0'
const verbose = process.env.VERBOSE === '1'

const model = new TestModelServer()
const url = await model.start()
const f1 = (n: number) => n.toFixed(1)

for (const expansion of expansions) {
  console.log(`\n=== meaning: ${expansion} ===`)
  for (const split of splits) {
    const bases = await knowledgeBases(split, process.env.ONLY)
    const reports: KbReport[] = []
    for (const kb of bases)
      reports.push(await evaluateKnowledgeBase(kb, { expansion, grounded }, { url, server: model }))
    console.log(`\n${split}: ${reports.length} knowledge bases`)
    console.log(
      'kb'.padEnd(34),
      'lang'.padEnd(8),
      'docs'.padStart(5),
      'chunks'.padStart(7),
      'answered'.padStart(9),
      'para'.padStart(6),
      'off-dec'.padStart(8),
      'cite'.padStart(6),
      'p95 ms'.padStart(7),
      'build ms'.padStart(9),
      'index MB'.padStart(9),
    )
    for (const r of reports) {
      const s = summarise(r.local)
      console.log(
        r.kb.slice(0, 33).padEnd(34),
        r.language.slice(0, 8).padEnd(8),
        String(r.documents).padStart(5),
        String(r.chunks).padStart(7),
        `${s.answered}/${s.onTopic}`.padStart(9),
        f1(s.paraphrasesAnsweredPct).padStart(6),
        `${s.offTopic - Math.round((s.offTopic * (100 - s.offTopicDeclinedPct)) / 100)}/${s.offTopic}`.padStart(
          8,
        ),
        f1(s.citationPrecisionPct).padStart(6),
        f1(
          percentile(
            r.local.map((q) => q.retrievalMs),
            95,
          ),
        ).padStart(7),
        f1(r.buildMs).padStart(9),
        f1(r.indexBytes / 1e6).padStart(9),
      )
      if (verbose) {
        for (const q of r.local.filter((x) => !x.ok || x.precise === false)) {
          console.log(
            `   ${q.offTopic ? 'NOT DECLINED' : q.ok ? 'IMPRECISE' : 'MISSED'}${q.paraphrase ? ' (paraphrase)' : ''}: ${q.question}\n      → ${q.answer.replace(/\n+/g, ' ').slice(0, 300)}`,
          )
        }
      }
    }
    const all = reports.flatMap((r) => r.local)
    const s = summarise(all)
    const times = all.map((q) => q.retrievalMs)
    console.log(
      `${split} local composer: answered ${f1(s.answeredPct)}% (${s.answered}/${s.onTopic}), paraphrases ${f1(s.paraphrasesAnsweredPct)}% of ${s.paraphrases}, off-topic declined ${f1(s.offTopicDeclinedPct)}% of ${s.offTopic}, citation precision ${f1(s.citationPrecisionPct)}%, retrieval p50 ${f1(percentile(times, 50))} ms p95 ${f1(percentile(times, 95))} ms`,
    )
    if (grounded) {
      const g = summarise(reports.flatMap((r) => r.grounded))
      console.log(
        `${split} grounded (test model): fact reached the model ${f1(g.answeredPct)}% (${g.answered}/${g.onTopic}), paraphrases ${f1(g.paraphrasesAnsweredPct)}%, off-topic declined before the model ${f1(g.offTopicDeclinedPct)}% of ${g.offTopic}`,
      )
    }
  }
}
await model.stop()
