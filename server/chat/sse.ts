import { PassThrough } from 'node:stream'
import type { StreamEvent } from '../../contract'

/** A comment line: proxies and load balancers see traffic on a quiet stream and keep it open. */
export const SSE_HEARTBEAT = ': ping\n\n'
export const SSE_HEARTBEAT_MS = 15_000

/** spec 1 §7 'Chat stream': each event is one `data: {json}` line followed by a blank line. */
export function sseEvent(event: StreamEvent): string {
  // JSON.stringify escapes newlines inside strings, so an event never spans lines.
  return `data: ${JSON.stringify(event)}\n\n`
}

export const SSE_HEADERS = {
  'content-type': 'text/event-stream; charset=utf-8',
  'cache-control': 'no-cache',
  // nginx and similar proxies buffer responses unless told not to: tokens must arrive as they are made.
  'x-accel-buffering': 'no',
  connection: 'keep-alive',
} as const

/**
 * The body of a chat stream answer: write events, a heartbeat every 15 s, end once. Writes after
 * the end, or after the client went away (Fastify destroys the stream), are dropped.
 */
export class ChatEventStream {
  readonly body = new PassThrough()
  private readonly heartbeat: NodeJS.Timeout
  private closed = false

  constructor(heartbeatMs = SSE_HEARTBEAT_MS) {
    this.heartbeat = setInterval(() => this.write(SSE_HEARTBEAT), heartbeatMs)
    this.body.once('close', () => this.stop())
  }

  get ended(): boolean {
    return this.closed
  }

  send(event: StreamEvent): void {
    this.write(sseEvent(event))
  }

  end(): void {
    if (this.closed) return
    this.stop()
    if (!this.body.destroyed) this.body.end()
  }

  private stop() {
    this.closed = true
    clearInterval(this.heartbeat)
  }

  private write(chunk: string) {
    if (!this.closed && !this.body.destroyed) this.body.write(chunk)
  }
}
