import { randomUUID } from 'node:crypto'
import { ErrorCode } from '../../../contract'
import type { TestAnswer } from '../../../contract/studio-knowledge'
import { citeAnswer } from '../../brain/citations'
import type { BrainSetup } from '../../brain/create-brain'
import { ANSWER_FAILED } from '../../chat/answer-stream'
import type { CloneRow } from '../../clones/queries'
import { AppError } from '../../errors'

/** The longest the studio's test box waits for an answer (a configured model may be slow). */
export const TEST_ANSWER_TIMEOUT_MS = 60_000

/**
 * The studio's test box (issue #16): the clone's answer to a question, with its citations, through the same
 * brain as the chat (retrieval, the configured answerer, citeAnswer), for a private clone too. Nothing is
 * stored and nothing is counted: no conversation, no message, no usage.
 */
export async function testAnswer(
  setup: BrainSetup,
  clone: CloneRow,
  question: string,
  signal: AbortSignal,
): Promise<TestAnswer> {
  const prepared = await setup.brain.prepare(clone, question, [])
  let text = ''
  try {
    for await (const token of prepared.answerer.answer(prepared.input, signal)) text += token
  } catch (error) {
    if (signal.aborted) throw new AppError(503, ErrorCode.unavailable, ANSWER_FAILED)
    throw error
  }
  if (!text.trim()) throw new AppError(503, ErrorCode.unavailable, ANSWER_FAILED)
  const createdAt = new Date().toISOString()
  // Citations as the chat's final message carries them; their ids exist only in this answer.
  const citations = citeAnswer(text, prepared.input.sources).citations.map((c) => ({
    ...c,
    id: randomUUID(),
    createdAt,
  }))
  return { text, citations }
}
