import { describe, expect, it, vi } from 'vitest'
import type { ChatStreamAnswer } from '../../../../../renderer/src/api/chat'
import { createChatStreamStore } from '../../../../../renderer/src/features/chat/chat-stream.store'
import { eventually } from '../../../../support/eventually'
import { dataLine, manualStream, nextUuid } from '../../support/chat'

/*
 * spec 1 §7 'failure reporter for message' (issue #27 part 3): a message whose answer fails is reported with
 * the ids and counts that find it again, never its text.
 */
function setup() {
  const stream = manualStream()
  const openStream = vi.fn(
    async (_message: unknown, _signal: AbortSignal): Promise<ChatStreamAnswer> => ({
      ok: true,
      body: stream.stream,
    }),
  )
  const reportMessageFailure = vi.fn()
  const store = createChatStreamStore({
    openStream,
    requestFrame: () => 0,
    cancelFrame: () => {},
    newStamp: () => ({ id: nextUuid(), createdAt: new Date().toISOString() }),
    timezone: () => null,
    log: () => {},
    reportMessageFailure,
  })
  store.openSession({ slug: 'lena-hart' })
  return { store, stream, openStream, reportMessageFailure }
}

describe('the message failure reporter', () => {
  it('reports a broken answer with the clone, the question id and where it broke, not the question', async () => {
    const { store, stream, openStream, reportMessageFailure } = setup()
    const sending = store.send('My private question about ada@example.com')
    stream.push(dataLine({ current_token: 'Half' }))
    await eventually(() => expect(store.state.receiving).toBe(true))
    stream.fail(new TypeError('network error'))
    expect((await sending).kind).toBe('failed')
    expect(reportMessageFailure).toHaveBeenCalledTimes(1)
    const [error, context] = reportMessageFailure.mock.calls[0] ?? []
    // The stream reader's error, which says where the stream broke.
    expect(error).toBeInstanceOf(Error)
    const sentId = (openStream.mock.calls[0]?.[0] as { clientMessageId: string } | undefined)?.clientMessageId
    expect(context).toEqual({
      slug: 'lena-hart',
      conversationId: null,
      clientMessageId: sentId,
      fileCount: 0,
      retry: false,
      receiving: true,
    })
    expect(JSON.stringify(context)).not.toContain('private')
  })

  it('reports an error event from the server', async () => {
    const { store, stream, reportMessageFailure } = setup()
    const sending = store.send('Hi')
    stream.push(dataLine({ error: { code: 'internal_error', message: 'The answer failed' } }))
    expect((await sending).kind).toBe('failed')
    expect(reportMessageFailure).toHaveBeenCalledWith(
      expect.any(Error),
      expect.objectContaining({ receiving: false }),
    )
  })

  it('reports nothing when the answer arrives, or when the visitor stops it', async () => {
    const { store, stream, reportMessageFailure } = setup()
    const sending = store.send('Hi')
    stream.push(dataLine({ current_token: 'Part' }))
    await eventually(() => expect(store.bufferedText()).toBe('Part'))
    await store.stop()
    await sending
    expect(reportMessageFailure).not.toHaveBeenCalled()
  })
})
