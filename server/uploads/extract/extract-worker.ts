/**
 * The document-reading worker thread (issue #15): documents.ts starts it with a bounded heap and ends it
 * when a file takes too long, so a hostile document costs this thread, never the server. It reads one file
 * per message and answers { id, text } or { id, error } with the visitor-facing reason.
 */
import { parentPort } from 'node:worker_threads'
import { ExtractError, type ReadBounds, UNREADABLE_TEXT } from './limits'
import { readDocument } from './read-document'

export interface ExtractRequest {
  id: number
  fileName: string
  bytes: Uint8Array
  bounds: Pick<ReadBounds, 'chars' | 'pages'>
}

export type ExtractReply = { id: number; text: string } | { id: number; error: string }

parentPort?.on('message', async ({ id, fileName, bytes, bounds }: ExtractRequest) => {
  let reply: ExtractReply
  try {
    reply = { id, text: await readDocument(fileName, bytes, bounds) }
  } catch (error) {
    reply = { id, error: error instanceof ExtractError ? error.message : UNREADABLE_TEXT }
  }
  parentPort?.postMessage(reply)
})
