import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { performance } from 'node:perf_hooks'
import { CREATOR_ANSWER_TITLE } from '../../contract/knowledge'
import type { Answerer, AnswerInput } from '../../server/brain/answerer'
import { chunkDocument } from '../../server/brain/chunk'
import { markersInOrder } from '../../server/brain/citations'
import { CloneBrain } from '../../server/brain/clone-brain'
import { indexKnowledge, type KnowledgeChunk, type KnowledgeIndex } from '../../server/brain/knowledge-index'
import { lexicon } from '../../server/brain/lexicon'
import { LocalAnswerer } from '../../server/brain/local-answerer'
import type { Expansion } from '../../server/brain/meaning'
import { OpenAiCompatibleAnswerer } from '../../server/brain/openai-answerer'
import { OpenAiCompatibleClient } from '../../server/brain/openai-client'
import { retrieve } from '../../server/brain/retrieve'
import { revisionText } from '../../server/brain/revisions'
import type { EvalQuestion, KnowledgeBase } from './knowledge-bases'

/**
 * Runs one knowledge base's questions through the clone brain as a visitor would meet it (issue #23): the
 * clone's own index (its language, its chunks), CloneBrain.prepare, then the answer. Two paths:
 * - local: the embedded composer writes the answer. Answered = the answer holds one of the fact's strings
 *   and cites; the citation is precise when the marker of the sentence holding the fact names a source that
 *   holds it. Off-topic declined = no sources, no citations.
 * - grounded: a test OpenAI-compatible server stands in for the model and records what it is sent. Answered =
 *   a source holding the fact reached the model; off-topic declined = the brain declined before the model (a
 *   real model may still decline what it is sent; the test server cannot judge, so this is the stricter count).
 */
export interface QuestionResult {
  kb: string
  question: string
  paraphrase: boolean
  offTopic: boolean
  /** On-topic: answered with the fact. Off-topic: declined. */
  ok: boolean
  /** On-topic and answered: the fact's sentence cites a source that holds it. */
  precise: boolean | null
  answer: string
  retrievalMs: number
}

export interface KbReport {
  kb: string
  language: string
  documents: number
  chunks: number
  buildMs: number
  /** Bytes of the index's own structures, measured as heap growth while building (approximate). */
  indexBytes: number
  local: QuestionResult[]
  grounded: QuestionResult[]
}

export interface EvaluateOptions {
  expansion?: Expansion
  /** Also run the grounded path through a test LLM server (slower: one HTTP request per question). */
  grounded?: boolean
}

export function chunksOf(kb: KnowledgeBase): KnowledgeChunk[] {
  return kb.documents.flatMap((doc) => {
    const qa = doc.qa
    const text = qa
      ? revisionText({ cloneName: kb.clone.name, question: qa.question, idealResponse: qa.answer })
      : doc.text
    return chunkDocument({ text, segments: doc.segments }).map((c) => ({
      chunkId: `${doc.key}-${c.index}`,
      chunkIndex: c.index,
      documentId: doc.key,
      documentTitle: qa ? CREATOR_ANSWER_TITLE : (doc.title ?? doc.key),
      type: qa ? 'File' : (doc.type ?? 'File'),
      url: doc.url ?? null,
      tweetId: null,
      timestampMs: c.timestampMs,
      text: c.text,
      product: null,
    }))
  })
}

export function buildIndex(
  kb: KnowledgeBase,
  expansion?: Expansion,
): { index: KnowledgeIndex; ms: number; bytes: number } {
  const chunks = chunksOf(kb)
  lexicon() // loaded once per process, not the index's own
  globalThis.gc?.()
  const before = process.memoryUsage().heapUsed + process.memoryUsage().arrayBuffers
  const started = performance.now()
  const index = indexKnowledge({
    cloneId: kb.id,
    version: '1',
    chunks,
    language: kb.clone.language,
    expansion,
  })
  const ms = performance.now() - started
  globalThis.gc?.()
  const bytes = Math.max(0, process.memoryUsage().heapUsed + process.memoryUsage().arrayBuffers - before)
  return { index, ms, bytes }
}

const fold = (text: string) =>
  text.toLowerCase().normalize('NFKD').replace(/\p{M}/gu, '').replace(/[’‘]/g, "'")

const holdsFact = (text: string, q: EvalQuestion) => (q.facts ?? []).some((f) => fold(text).includes(fold(f)))

async function answerText(answerer: Answerer, input: AnswerInput): Promise<string> {
  let text = ''
  for await (const token of answerer.answer(input, new AbortController().signal)) text += token
  return text
}

/** A stand-in OpenAI-compatible model: records each request's system prompt and streams a short reply. */
export class TestModelServer {
  private server: Server | null = null
  readonly prompts: string[] = []

  async start(): Promise<string> {
    this.server = createServer((req, res) => {
      let body = ''
      req.on('data', (c) => {
        body += c
      })
      req.on('end', () => {
        const parsed = JSON.parse(body) as { messages: { role: string; content: string }[] }
        this.prompts.push(parsed.messages.find((m) => m.role === 'system')?.content ?? '')
        // One connection per request: an idle kept-alive socket closed by the server while the next knowledge base
        // is indexed would reset the client's next request.
        res.writeHead(200, { 'content-type': 'text/event-stream', connection: 'close' })
        res.write(
          `data: ${JSON.stringify({ choices: [{ delta: { content: 'From my material [1].' } }] })}\n\n`,
        )
        res.end('data: [DONE]\n\n')
      })
    })
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve))
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/v1`
  }

  async stop() {
    await new Promise<void>((resolve) => this.server?.close(() => resolve()))
  }
}

export async function evaluateKnowledgeBase(
  kb: KnowledgeBase,
  { expansion, grounded = false }: EvaluateOptions = {},
  model?: { url: string; server: TestModelServer },
): Promise<KbReport> {
  const { index, ms, bytes } = buildIndex(kb, expansion)
  const indexes = { get: async () => index }
  const local = new LocalAnswerer(0)
  const clone = { id: kb.id, name: kb.clone.name, headline: kb.clone.headline ?? null, toneFeedback: null }
  const keyOf = (documentId: string) => documentId

  const localBrain = new CloneBrain(indexes, local, local)
  const localResults: QuestionResult[] = []
  for (const q of kb.questions) {
    const started = performance.now()
    retrieve(index, q.q, [])
    const retrievalMs = performance.now() - started
    const prepared = await localBrain.prepare(clone, q.q, [])
    const answer = await answerText(prepared.answerer, prepared.input)
    const sources = prepared.input.sources
    const cited = markersInOrder(answer)
    let ok: boolean
    let precise: boolean | null = null
    if (q.offTopic) {
      ok = sources.length === 0 && cited.length === 0
    } else {
      ok = prepared.input.intent === 'grounded' && cited.length > 0 && holdsFact(answer, q)
      if (ok) {
        const sentence = answer.split(/(?<=\])[.!?]/).find((s) => holdsFact(s, q)) ?? ''
        const marker = Number(/\[(\d+)\]/.exec(sentence.slice(sentence.search(/\[\d+\]/)))?.[1] ?? cited[0])
        const source = sources.find((s) => s.number === marker)
        precise = source ? (q.sources ?? []).includes(keyOf(source.documentId)) : false
      }
    }
    localResults.push({
      kb: kb.id,
      question: q.q,
      paraphrase: q.paraphrase === true,
      offTopic: q.offTopic === true,
      ok,
      precise,
      answer,
      retrievalMs,
    })
  }

  const groundedResults: QuestionResult[] = []
  if (grounded && model) {
    const client = new OpenAiCompatibleClient({ baseUrl: model.url, apiKey: undefined, model: 'test-model' })
    const brain = new CloneBrain(indexes, new OpenAiCompatibleAnswerer(client), local)
    for (const q of kb.questions) {
      const prepared = await brain.prepare(clone, q.q, [])
      const reachedModel = prepared.input.intent === 'grounded'
      const answer = await answerText(prepared.answerer, prepared.input)
      const ok = q.offTopic
        ? !reachedModel
        : reachedModel &&
          prepared.input.sources.some((s) => (q.sources ?? []).includes(s.documentId) && holdsFact(s.text, q))
      groundedResults.push({
        kb: kb.id,
        question: q.q,
        paraphrase: q.paraphrase === true,
        offTopic: q.offTopic === true,
        ok,
        precise: null,
        answer,
        retrievalMs: 0,
      })
    }
  }
  return {
    kb: kb.id,
    language: kb.clone.language,
    documents: kb.documents.length,
    chunks: index.chunks.length,
    buildMs: ms,
    indexBytes: bytes,
    local: localResults,
    grounded: groundedResults,
  }
}

export interface Summary {
  questions: number
  onTopic: number
  answered: number
  answeredPct: number
  paraphrases: number
  paraphrasesAnsweredPct: number
  offTopic: number
  offTopicDeclinedPct: number
  citationPrecisionPct: number
}

const pct = (n: number, d: number) => (d === 0 ? 100 : (100 * n) / d)

export function summarise(results: readonly QuestionResult[]): Summary {
  const on = results.filter((r) => !r.offTopic)
  const off = results.filter((r) => r.offTopic)
  const answered = on.filter((r) => r.ok)
  const para = on.filter((r) => r.paraphrase)
  const precise = answered.filter((r) => r.precise !== null)
  return {
    questions: results.length,
    onTopic: on.length,
    answered: answered.length,
    answeredPct: pct(answered.length, on.length),
    paraphrases: para.length,
    paraphrasesAnsweredPct: pct(para.filter((r) => r.ok).length, para.length),
    offTopic: off.length,
    offTopicDeclinedPct: pct(off.filter((r) => r.ok).length, off.length),
    citationPrecisionPct: pct(precise.filter((r) => r.precise).length, precise.length),
  }
}

export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return 0
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!
}
