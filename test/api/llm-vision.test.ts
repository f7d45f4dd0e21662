import { randomBytes, randomUUID } from 'node:crypto'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { Readable } from 'node:stream'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { IMAGE_PART_BYTES, imageOf } from '../../server/uploads/image-parts'
import { localUploadStore } from '../../server/uploads/store'
import type { UploadRow } from '../../server/uploads/uploads'
import { sendChatMessage } from './chat-helpers'
import { createTestApp, type TestApp } from './helpers'
import { uploadFile, visitorHeaders } from './upload-helpers'

// Issue #15 'Every attached file is read': with an OpenAI-compatible model, an attached image is sent as an
// image_url part (a base64 data URL) beside the turn's text (LLM_VISION, on by default).

interface ContentPart {
  type: string
  text?: string
  image_url?: { url: string }
}
type SentMessage = { role: string; content: string | ContentPart[] }

/** A tiny OpenAI-compatible server; `refuseImages` answers 400 to a request with image parts, like a text model. */
class FakeLlmServer {
  refuseImages = false
  readonly requests: SentMessage[][] = []
  private readonly server = http.createServer((req, res) => {
    let raw = ''
    req.on('data', (chunk: Buffer) => {
      raw += chunk.toString('utf8')
    })
    req.on('end', () => {
      const messages = (JSON.parse(raw) as { messages: SentMessage[] }).messages
      this.requests.push(messages)
      const withImages = messages.some((m) => Array.isArray(m.content))
      if (this.refuseImages && withImages) {
        return void res.writeHead(400, { 'content-type': 'application/json' }).end('{"error":"no images"}')
      }
      res.writeHead(200, { 'content-type': 'text/event-stream' })
      const said = withImages ? 'I see the fox [1].' : 'Keep it cool [1].'
      res.write(`data: ${JSON.stringify({ choices: [{ index: 0, delta: { content: said } }] })}\n\n`)
      res.end('data: [DONE]\n\n')
    })
  })

  async start(): Promise<string> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve))
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/v1`
  }

  stop(): Promise<void> {
    this.server.closeAllConnections()
    return new Promise((resolve) => this.server.close(() => resolve()))
  }
}

const png = readFileSync(new URL('../fixtures/attachments/ocr-sentence.png', import.meta.url))
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'likeness-vision-'))
const store = localUploadStore(dataDir)
const upload = { fileName: 'fox.png', fileKey: 'llmVisionTestImage0001', size: png.length } as UploadRow
const question = 'What temperature should my bedroom be for sleep?'

describe('attached images and a vision-capable model', () => {
  const llm = new FakeLlmServer()
  let baseUrl: string
  const apps: TestApp[] = []

  beforeAll(async () => {
    baseUrl = await llm.start()
  })
  afterAll(async () => {
    for (const t of apps) await t.close()
    rmSync(dataDir, { recursive: true, force: true })
    await llm.stop()
  })

  /**
   * A visitor uploads the png through the upload endpoints and asks Lena's clone the question with it, as
   * the chat does: the server reads it by OCR, then sends the turn to the model.
   */
  async function askWithImage(env: Record<string, string>): Promise<{ said: string; sent: SentMessage[][] }> {
    const t = await createTestApp({
      env: { DATA_DIR: dataDir, LLM_BASE_URL: baseUrl, LLM_MODEL: 'test-model', ...env },
    })
    apps.push(t)
    const visitor = randomBytes(18).toString('base64url')
    const url = await uploadFile(t.app, visitorHeaders(visitor), 'fox.png', png)
    llm.requests.length = 0
    const result = await sendChatMessage(
      t.app,
      { text: question, files: [url], clientMessageId: randomUUID(), filesReadEvent: true },
      visitor,
    )
    return { said: result.message.text, sent: [...llm.requests] }
  }

  const userTurn = (messages: SentMessage[]) => messages.at(-1)!

  it('sends the image as a data URL part beside the text of the turn, its OCR text kept', async () => {
    llm.refuseImages = false
    const { said, sent } = await askWithImage({})
    expect(sent).toHaveLength(1)
    const content = userTurn(sent[0]!).content as ContentPart[]
    expect(content[0]!.type).toBe('text')
    expect(content[0]!.text).toContain(question)
    expect(content[0]!.text).toContain('--- Attached file: fox.png ---\nThe quick brown fox jumps')
    expect(content[1]).toEqual({
      type: 'image_url',
      image_url: { url: `data:image/png;base64,${png.toString('base64')}` },
    })
    expect(said).toMatch(/^I see the fox/)
  })

  it('sends only the text when LLM_VISION is off', async () => {
    llm.refuseImages = false
    const { sent } = await askWithImage({ LLM_VISION: 'off' })
    expect(sent).toHaveLength(1)
    expect(userTurn(sent[0]!).content).toContain('--- Attached file: fox.png ---\nThe quick brown fox jumps')
    expect(JSON.stringify(sent[0])).not.toContain('image_url')
  })

  it('asks once more without the image when the model refuses it with a 400, so the visitor gets an answer', async () => {
    llm.refuseImages = true
    const { said, sent } = await askWithImage({})
    expect(sent).toHaveLength(2)
    expect(JSON.stringify(sent[0])).toContain('image_url')
    expect(JSON.stringify(sent[1])).not.toContain('image_url')
    expect(userTurn(sent[1]!).content).toContain('The quick brown fox jumps')
    expect(said).toMatch(/^Keep it cool/)
  })

  it('sends a jpeg as image/jpeg, and no image part for one over the size cap or bytes not a png or jpeg', async () => {
    const large = { ...upload, size: IMAGE_PART_BYTES + 1 }
    const notImageKey = 'llmVisionTestNotImage1'
    await store.writeFile(notImageKey, Readable.from([Buffer.from('not an image at all')]))
    const fake = { ...upload, fileKey: notImageKey, size: 19 }
    const jpeg = readFileSync(new URL('../fixtures/attachments/ocr-sentence.jpg', import.meta.url))
    const jpegKey = 'llmVisionTestJpegImage'
    await store.writeFile(jpegKey, Readable.from([jpeg]))
    const photo = { ...upload, fileName: 'photo.jpg', fileKey: jpegKey, size: jpeg.length }
    const read = await Promise.all([large, fake, photo].map((u) => imageOf(store, u).catch(() => null)))
    expect(read.map((image) => image?.contentType)).toEqual([undefined, undefined, 'image/jpeg'])
    expect(read[2]!.dataUrl).toBe(`data:image/jpeg;base64,${jpeg.toString('base64')}`)
  })
})
