import { createServer, type IncomingMessage } from 'node:http'
import type { AddressInfo } from 'node:net'
import { pathToFileURL } from 'node:url'

/*
 * An OpenAI-compatible transcription server for tests and e2e (POST /v1/audio/transcriptions, multipart),
 * standing in for Groq or OpenAI Whisper. Run on its own: `node --import tsx test/support/transcription-server.ts
 * --port N`; its default answers are realistic for eSpeak speech (test/support/speech-wav.ts).
 */

export interface VerboseJson {
  text: string
  language?: string
  duration?: number
  segments: {
    start: number
    end: number
    avg_logprob: number
    no_speech_prob: number
    compression_ratio: number
  }[]
}

export type TranscriptionAnswer = VerboseJson | { status: number; body: unknown }

/** The form's text fields (model, response_format, language, temperature) and the file's name and type. */
export interface ReceivedFields {
  [name: string]: string
}

export interface ReceivedRequest {
  path: string
  authorization: string | undefined
  fields: ReceivedFields
  filename: string
  mimeType: string
  audio: Buffer
}

export type Responder = (
  audio: Buffer,
  fields: ReceivedFields,
) => TranscriptionAnswer | Promise<TranscriptionAnswer>

export const DEFAULT_TRANSCRIPT = 'What do you teach about habits?'
export const TOO_SHORT = {
  status: 400,
  body: { error: { message: 'Audio file is too short. Minimum audio length is 0.1 seconds.' } },
}

/** One segment over `seconds` with the given figures. */
export const verboseJson = (
  text: string,
  figures: { no_speech_prob: number; avg_logprob?: number; compression_ratio?: number },
  seconds = 1,
): VerboseJson => ({
  text,
  duration: seconds,
  segments: [
    {
      start: 0,
      end: seconds,
      avg_logprob: figures.avg_logprob ?? -0.2,
      no_speech_prob: figures.no_speech_prob,
      compression_ratio: figures.compression_ratio ?? 1.2,
    },
  ],
})

interface WavInfo {
  seconds: number
  rms: number
}

/** Duration and loudness (RMS, 0..1) of a 16-bit PCM WAV; undefined when it is not one. */
export function readWav(audio: Buffer): WavInfo | undefined {
  if (
    audio.length < 12 ||
    audio.toString('ascii', 0, 4) !== 'RIFF' ||
    audio.toString('ascii', 8, 12) !== 'WAVE'
  )
    return undefined
  let offset = 12
  let channels = 1
  let rate = 16_000
  let bits = 16
  while (offset + 8 <= audio.length) {
    const id = audio.toString('ascii', offset, offset + 4)
    const size = audio.readUInt32LE(offset + 4)
    const body = offset + 8
    if (id === 'fmt ') {
      channels = audio.readUInt16LE(body + 2)
      rate = audio.readUInt32LE(body + 4)
      bits = audio.readUInt16LE(body + 14)
    } else if (id === 'data') {
      // eSpeak writes a streaming header whose data size may be 0 or too large: read what is there.
      const end = size > 0 && body + size <= audio.length ? body + size : audio.length
      const frameBytes = (bits / 8) * channels
      const frames = Math.floor((end - body) / frameBytes)
      let sum = 0
      if (bits === 16) for (let i = body; i + 1 < end; i += 2) sum += (audio.readInt16LE(i) / 32768) ** 2
      const samples = bits === 16 ? Math.floor((end - body) / 2) : 0
      return { seconds: frames / rate, rms: samples ? Math.sqrt(sum / samples) : 0 }
    }
    offset = body + size + (size % 2)
  }
  return undefined
}

/** RMS below this is silence (eSpeak speech is far louder; a silent WAV is all zeros). */
const SILENCE_RMS = 0.005

/** The CLI's answers: what Groq says of eSpeak speech, silence and clips too short to hear. */
export const realisticResponder: Responder = (audio, fields) => {
  const transcript = process.env.TEST_TRANSCRIPT ?? DEFAULT_TRANSCRIPT
  const type = fields.mimeType ?? ''
  if (type.includes('wav') || readWav(audio)) {
    const wav = readWav(audio)
    if (!wav)
      return {
        status: 400,
        body: { error: { message: 'could not process file - is it a valid media file?' } },
      }
    if (wav.seconds < 0.4) return TOO_SHORT
    if (wav.rms < SILENCE_RMS)
      return verboseJson('', { no_speech_prob: 0.95, avg_logprob: -1.1, compression_ratio: 0.6 }, wav.seconds)
    return verboseJson(transcript, { no_speech_prob: 0.01 }, wav.seconds)
  }
  // webm/mp4/ogg cannot be decoded here: size stands in for length.
  if (audio.length < 6000) return TOO_SHORT
  return verboseJson(transcript, { no_speech_prob: 0.01 })
}

async function readBody(request: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = []
  for await (const chunk of request) chunks.push(chunk as Buffer)
  return Buffer.concat(chunks)
}

/** The parts of a multipart/form-data body (the fake's own small parser). */
function parseMultipart(body: Buffer, contentType: string) {
  const boundary = /boundary=(?:"([^"]+)"|([^;]+))/i.exec(contentType)
  if (!boundary) return undefined
  const delimiter = Buffer.from(`--${boundary[1] ?? boundary[2]}`)
  const parts: { name: string; filename?: string; type?: string; data: Buffer }[] = []
  let start = body.indexOf(delimiter)
  while (start !== -1) {
    const next = body.indexOf(delimiter, start + delimiter.length)
    if (next === -1) break
    const part = body.subarray(start + delimiter.length + 2, next - 2)
    const split = part.indexOf('\r\n\r\n')
    const head = part.subarray(0, split).toString('utf8')
    const name = /name="([^"]*)"/.exec(head)?.[1] ?? ''
    parts.push({
      name,
      filename: /filename="([^"]*)"/.exec(head)?.[1],
      type: /content-type:\s*([^\r\n]+)/i.exec(head)?.[1]?.trim(),
      data: part.subarray(split + 4),
    })
    start = next
  }
  return parts
}

export interface TranscriptionServer {
  /** The base URL to configure as TRANSCRIPTION_BASE_URL (ends in /v1). */
  url: string
  requests: ReceivedRequest[]
  close(): Promise<void>
}

export async function startTranscriptionServer({
  port = 0,
  host = '127.0.0.1',
  respond = realisticResponder,
}: {
  port?: number
  host?: string
  respond?: Responder
} = {}): Promise<TranscriptionServer> {
  const requests: ReceivedRequest[] = []
  const server = createServer(async (request, response) => {
    const send = (status: number, body: unknown) => {
      response.writeHead(status, { 'content-type': 'application/json' })
      response.end(JSON.stringify(body))
    }
    try {
      if (request.method === 'GET' && request.url === '/health') return send(200, { ok: true })
      if (request.method !== 'POST' || !request.url?.endsWith('/audio/transcriptions'))
        return send(404, { error: { message: 'Not found' } })
      const parts = parseMultipart(await readBody(request), request.headers['content-type'] ?? '')
      const file = parts?.find((p) => p.name === 'file')
      if (!parts || !file) return send(400, { error: { message: "'file' is required" } })
      const fields: ReceivedFields = {}
      for (const p of parts) if (p !== file) fields[p.name] = p.data.toString('utf8')
      fields.filename = file.filename ?? ''
      fields.mimeType = file.type ?? ''
      requests.push({
        path: request.url,
        authorization: request.headers.authorization,
        fields,
        filename: fields.filename,
        mimeType: fields.mimeType,
        audio: file.data,
      })
      const answer = await respond(file.data, fields)
      if ('status' in answer) return send(answer.status, answer.body)
      return send(200, answer)
    } catch (error) {
      if (!response.headersSent) send(500, { error: { message: String(error) } })
    }
  })
  await new Promise<void>((resolve) => server.listen(port, host, resolve))
  const address = server.address() as AddressInfo
  return {
    url: `http://${host}:${address.port}/v1`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const at = process.argv.indexOf('--port')
  const port = at === -1 ? 8788 : Number(process.argv[at + 1])
  const server = await startTranscriptionServer({ port })
  console.info(`transcription server on ${server.url}`)
  const stop = () => void server.close().then(() => process.exit(0))
  process.on('SIGTERM', stop)
  process.on('SIGINT', stop)
}
