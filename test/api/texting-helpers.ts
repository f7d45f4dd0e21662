import { createServer, type IncomingMessage, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { desc, eq } from 'drizzle-orm'
import type { Db } from '../../server/db/client'
import { outboxMessages } from '../../server/db/schema'

/*
 * A fake of a vendor's HTTP API (Twilio, Telegram, an IP lookup) on loopback: it records every request and
 * answers with the next queued answer, or the default.
 */

export interface SeenRequest {
  method: string
  url: string
  headers: IncomingMessage['headers']
  body: string
}

export interface FakeApi {
  baseUrl: string
  seen: SeenRequest[]
  /** Answers for the next requests, in order; once empty, `fallback` answers. */
  queue: { status: number; body: unknown }[]
  close(): Promise<void>
}

export async function startFakeApi(
  fallback: (request: SeenRequest) => { status: number; body: unknown },
): Promise<FakeApi> {
  const seen: SeenRequest[] = []
  const queue: FakeApi['queue'] = []
  const server: Server = createServer(async (req, res) => {
    const chunks: Buffer[] = []
    for await (const chunk of req) chunks.push(chunk as Buffer)
    const request = {
      method: req.method!,
      url: req.url!,
      headers: req.headers,
      body: Buffer.concat(chunks).toString(),
    }
    seen.push(request)
    const answer = queue.shift() ?? fallback(request)
    res.writeHead(answer.status, { 'content-type': 'application/json' }).end(JSON.stringify(answer.body))
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return {
    baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    seen,
    queue,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}

/** The texts the dev outbox holds for an address, oldest first. */
export async function outboxTexts(db: Db, to: string) {
  const rows = await db
    .select()
    .from(outboxMessages)
    .where(eq(outboxMessages.to, to))
    .orderBy(desc(outboxMessages.createdAt))
  return rows.reverse()
}

/** The newest six-digit code texted to a number. */
export async function latestPhoneCode(db: Db, e164: string): Promise<string> {
  const code = /\b(\d{6})\b/.exec((await outboxTexts(db, e164)).at(-1)?.text ?? '')?.[1]
  if (!code) throw new Error(`no code texted to ${e164}`)
  return code
}
