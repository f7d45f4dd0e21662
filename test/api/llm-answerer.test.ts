import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { TitleResponse } from '../../contract'
import { messages } from '../../server/db/schema'
import { seedId } from '../../server/seed/ids'
import { eventually } from '../support/eventually'
import { markerNumbers, parseStreamEvents, sendChatMessage } from './chat-helpers'
import { createTestApp, type TestApp } from './helpers'

type Mode = 'answer' | 'endless' | 'fail'

/** A tiny OpenAI-compatible server: streams chat completion chunks like a real provider. */
class FakeLlmServer {
  mode: Mode = 'answer'
  readonly requests: { headers: http.IncomingHttpHeaders; body: Record<string, unknown> }[] = []
  /** Set when an in-flight streaming request was closed by the client before it finished. */
  abortedByClient = false
  readonly deltas = [
    'For most adults, ',
    'keep the bedroom at 16 to 19 °C [1]',
    '. A warm shower ',
    'helps too [3].',
  ]
  private readonly server = http.createServer((req, res) => this.handle(req, res))

  async start(): Promise<string> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve))
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/v1`
  }

  stop(): Promise<void> {
    this.server.closeAllConnections()
    return new Promise((resolve) => this.server.close(() => resolve()))
  }

  private handle(req: http.IncomingMessage, res: http.ServerResponse) {
    let raw = ''
    req.on('data', (chunk: Buffer) => {
      raw += chunk.toString('utf8')
    })
    req.on('end', () => {
      const body = JSON.parse(raw) as Record<string, unknown>
      this.requests.push({ headers: req.headers, body })
      if (req.url !== '/v1/chat/completions') return void res.writeHead(404).end()
      if (this.mode === 'fail') return void res.writeHead(500, 'Upstream Broke').end('{"error":"boom"}')
      if (body.stream === false) {
        res.writeHead(200, { 'content-type': 'application/json' })
        return void res.end(
          JSON.stringify({ choices: [{ message: { content: '"Keeping Your Bedroom Cool."' } }] }),
        )
      }
      res.writeHead(200, { 'content-type': 'text/event-stream' })
      const chunk = (content: string) =>
        `data: ${JSON.stringify({ choices: [{ index: 0, delta: { content } }] })}\n\n`
      if (this.mode === 'endless') {
        let finished = false
        const timer = setInterval(() => res.write(chunk('and more ')), 20)
        res.on('close', () => {
          clearInterval(timer)
          if (!finished) this.abortedByClient = true
        })
        setTimeout(() => {
          finished = true
          clearInterval(timer)
          res.end('data: [DONE]\n\n')
        }, 10_000).unref()
        return
      }
      res.write(`data: ${JSON.stringify({ choices: [{ index: 0, delta: { role: 'assistant' } }] })}\n\n`)
      for (const delta of this.deltas) res.write(chunk(delta))
      res.end('data: [DONE]\n\n')
    })
  }
}

describe('the OpenAI-compatible answerer', () => {
  const llm = new FakeLlmServer()
  let t: TestApp
  beforeAll(async () => {
    const baseUrl = await llm.start()
    t = await createTestApp({
      env: { LLM_BASE_URL: baseUrl, LLM_API_KEY: 'sk-test', LLM_MODEL: 'test-model' },
    })
  })
  afterAll(async () => {
    await t.close()
    await llm.stop()
  })

  it('passes the model deltas through as tokens and cites the sources whose markers appear', async () => {
    llm.mode = 'answer'
    llm.requests.length = 0
    const { tokens, message } = await sendChatMessage(t.app, {
      text: 'What temperature should my bedroom be for sleep?',
    })
    expect(tokens).toEqual(llm.deltas)
    expect(message.text).toBe(llm.deltas.join(''))
    expect(markerNumbers(message.text)).toEqual([1, 3])
    const used = message.citations.filter((c) => [1, 3].includes(c.index))
    expect(used).toHaveLength(2)
    expect(used[0]!.documentId).toBe(seedId('document', 'lena-hart:lena-web-bedroom-temperature'))
    // Up to three retrieved sources the model did not use come along as 'relevant'.
    expect(message.citations.length - used.length).toBeLessThanOrEqual(3)
    expect(message.citations.map((c) => c.index)).toContain(2)

    const [request] = llm.requests
    expect(request!.headers.authorization).toBe('Bearer sk-test')
    expect(request!.body).toMatchObject({ model: 'test-model', stream: true })
    const sent = request!.body.messages as { role: string; content: string }[]
    expect(sent[0]!.role).toBe('system')
    expect(sent[0]!.content).toContain('You are Dr. Lena Hart')
    expect(sent[0]!.content).toContain('Warm and direct.')
    expect(sent[0]!.content).toMatch(
      /\[1\] The Cool Bedroom: The Best Temperature for Sleep \(Website, relevance (high|medium|low) \(\d\.\d\d\)\)/,
    )
    expect(sent.at(-1)).toEqual({ role: 'user', content: 'What temperature should my bedroom be for sleep?' })
  })

  it('does not ask the model about questions outside the material', async () => {
    llm.requests.length = 0
    const { message } = await sendChatMessage(t.app, { text: 'What is the capital of Peru?' })
    expect(message.citations).toEqual([])
    expect(llm.requests).toHaveLength(0)
  })

  it('turns an upstream failure into an error event, keeping the question and an interrupted answer', async () => {
    llm.mode = 'fail'
    const question = 'What temperature should my bedroom be for sleep, when the model is down?'
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/clone/talk/messages/stream',
      payload: { slug: 'lena-hart', text: question },
    })
    expect(parseStreamEvents(res.body)).toEqual([
      { error: { code: 'internal', message: expect.any(String) } },
    ])
    const asked = await t.db.select().from(messages).where(eq(messages.text, question))
    expect(asked).toHaveLength(1)
    const answers = await t.db.select().from(messages).where(eq(messages.replyToId, asked[0]!.id))
    expect(answers.map((a) => a.status)).toEqual(['interrupted'])
  })

  it('aborts the upstream request when the visitor disconnects', async () => {
    llm.mode = 'endless'
    llm.abortedByClient = false
    await t.app.listen({ port: 0, host: '127.0.0.1' })
    const { port } = t.app.server.address() as AddressInfo
    await new Promise<void>((resolve, reject) => {
      const req = http.request(
        { host: '127.0.0.1', port, method: 'POST', path: '/api/clone/talk/messages/stream' },
        (res) => {
          let body = ''
          res.on('data', (chunk: Buffer) => {
            body += chunk.toString('utf8')
            if (parseStreamEvents(body).length >= 3) {
              req.destroy()
              resolve()
            }
          })
        },
      )
      req.on('error', (error: NodeJS.ErrnoException) => {
        if (error.code !== 'ECONNRESET') reject(error)
      })
      req.setHeader('content-type', 'application/json')
      req.end(JSON.stringify({ slug: 'lena-hart', text: 'What temperature should my bedroom be for sleep?' }))
    })
    await eventually(() => expect(llm.abortedByClient).toBe(true), { timeout: 3_000 })
  })

  it('asks the model for a conversation title and tidies it', async () => {
    llm.mode = 'answer'
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/clone/talk/conversation/title',
      payload: { message: 'What temperature should my bedroom be for sleep?' },
    })
    expect(TitleResponse.parse(res.json()).title).toBe('Keeping your bedroom cool')
  })

  it('falls back to the heuristic title when the model fails', async () => {
    llm.mode = 'fail'
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/clone/talk/conversation/title',
      payload: { message: 'What temperature should my bedroom be for sleep?' },
    })
    expect(TitleResponse.parse(res.json()).title).toBe('What temperature should my bedroom be for sleep')
  })
})
