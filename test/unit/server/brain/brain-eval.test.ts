import { describe, expect, it } from 'vitest'
import {
  evaluateKnowledgeBase,
  type QuestionResult,
  summarise,
} from '../../../../scripts/brain-eval/evaluate'
import { knowledgeBases, type Split } from '../../../../scripts/brain-eval/knowledge-bases'

/*
 * Issue #23: `npm run bench:brain`'s evaluation, as a guard. Knowledge bases written for it (1 to 2,300
 * documents, Q&A only, transcripts, Spanish, German), run through the clone brain and its local composer. The
 * floors sit just under what the brain does today on each half (the README's 'How well the clone answers'), so
 * a change that makes the clone answer less, decline less of what it should, or cite wrong fails here.
 */
const FLOORS: Record<Split, { answered: number; offTopicDeclined: number; citationPrecision: number }> = {
  tune: { answered: 56, offTopicDeclined: 95, citationPrecision: 95 },
  heldout: { answered: 46, offTopicDeclined: 80, citationPrecision: 95 },
}

describe('the clone answers from material nobody tuned it on (bench:brain)', () => {
  for (const split of ['tune', 'heldout'] as const) {
    it(`${split}: answers, declines and cites at least as well as today`, async () => {
      const results: QuestionResult[] = []
      for (const kb of await knowledgeBases(split)) results.push(...(await evaluateKnowledgeBase(kb)).local)
      const summary = summarise(results)
      expect(summary.onTopic).toBeGreaterThanOrEqual(split === 'tune' ? 100 : 115)
      expect(summary.answeredPct).toBeGreaterThanOrEqual(FLOORS[split].answered)
      expect(summary.offTopicDeclinedPct).toBeGreaterThanOrEqual(FLOORS[split].offTopicDeclined)
      expect(summary.citationPrecisionPct).toBeGreaterThanOrEqual(FLOORS[split].citationPrecision)
    }, 180_000)
  }
})
