import { describe, expect, it, vi } from 'vitest'
import type { OutboundMessage } from '../../../../../contract/chat'
import type { ChatStreamAnswer } from '../../../../../renderer/src/api/chat'
import { createChatStreamStore } from '../../../../../renderer/src/features/chat/chat-stream.store'
import { eventually } from '../../../../support/eventually'
import { dataLine, manualStream, message, nextUuid } from '../../support/chat'

/** A store whose uploads and timers the test drives by hand. */
function setup(answer?: ChatStreamAnswer) {
  const stream = manualStream()
  const uploads: { resolve: (url: string) => void; reject: (error: unknown) => void }[] = []
  const timers: { callback: () => void; ms: number; cleared: boolean }[] = []
  const openStream = vi.fn(
    async (_message: OutboundMessage, _signal: AbortSignal): Promise<ChatStreamAnswer> =>
      answer ?? { ok: true, body: stream.stream },
  )
  const revokePreviewUrl = vi.fn()
  const storeMessages = vi.fn(async () => ({
    conversationId: '00000000-0000-4000-8000-0000000000cc',
    messages: [],
  }))
  const store = createChatStreamStore({
    storeMessages,
    openStream,
    requestTitle: async () => 'Title',
    saveTitle: async () => undefined,
    requestFrame: (callback) => {
      callback()
      return 0
    },
    cancelFrame: () => {},
    setTimer: (callback, ms) => {
      const timer = { callback, ms, cleared: false }
      timers.push(timer)
      return timer
    },
    clearTimer: (handle) => {
      ;(handle as { cleared: boolean }).cleared = true
    },
    newStamp: () => ({ id: nextUuid(), createdAt: new Date().toISOString() }),
    timezone: () => null,
    log: () => {},
    uploadFile: () => new Promise<string>((resolve, reject) => uploads.push({ resolve, reject })),
    createPreviewUrl: (file) => `blob:${file.name}`,
    revokePreviewUrl,
    report: () => {},
    notifyUnreadFiles: () => {},
  })
  store.openSession({ slug: 'lena-hart' })
  return { store, stream, openStream, uploads, revokePreviewUrl, storeMessages }
}

type Store = ReturnType<typeof setup>['store']
/** Waits until the draft's first file has reached a status (its upload settles on a later tick). */
const firstFileStatus = (store: Store, status: 'success' | 'failed') =>
  eventually(() => expect(store.state.draft.files[0]?.status).toBe(status))
const photo = () => new File(['png'], 'Sleep Chart.png', { type: 'image/png' })
const URL_1 = '/api/uploads/files/k1/sleep-chart.png'

describe('chat stream store: draft files', () => {
  it('keeps the files with the message when the visitor stops the reply', async () => {
    const { store, uploads, stream, storeMessages } = setup()
    store.addDraftFiles([photo()])
    uploads[0]?.resolve(URL_1)
    await firstFileStatus(store, 'success')
    const sending = store.send('What does this chart say?', { fromDraft: true })
    stream.push(dataLine({ current_token: 'It shows' }))
    await eventually(() => expect(store.state.streaming.text).toBe('It shows'))
    await store.stop()
    await sending
    expect(storeMessages).toHaveBeenCalledWith(
      expect.objectContaining({
        userText: 'What does this chart say?',
        userFiles: [URL_1],
        cloneText: 'It shows',
      }),
    )
  })

  it('blocks a send from the draft while a file is pending or failed, and sends once it is uploaded', async () => {
    const { store, openStream, uploads, stream } = setup()
    store.addDraftFiles([photo()])
    store.setDraft('What does this chart say?')
    expect(await store.send('What does this chart say?', { fromDraft: true })).toEqual({
      kind: 'filesNotReady',
      reason: 'uploading',
    })
    uploads[0]?.reject(new Error('offline'))
    await firstFileStatus(store, 'failed')
    expect(await store.send('What does this chart say?', { fromDraft: true })).toEqual({
      kind: 'filesNotReady',
      reason: 'failed',
    })
    expect(openStream).not.toHaveBeenCalled()

    store.retryDraftFile(store.state.draft.files[0]?.id ?? '')
    uploads[1]?.resolve(URL_1)
    await firstFileStatus(store, 'success')
    const sending = store.send('What does this chart say?', { fromDraft: true })
    expect(openStream.mock.calls[0]?.[0]).toMatchObject({ text: 'What does this chart say?', files: [URL_1] })
    // The draft is emptied, and the message shows its file at once.
    expect(store.state.draft).toEqual({ text: '', files: [] })
    expect(store.state.messages[0]).toMatchObject({ sender: 'USER', files: [URL_1] })
    stream.push(dataLine({ message: message({ text: 'It shows deep sleep.' }) }))
    expect((await sending).kind).toBe('completed')
  })

  it('a suggested question leaves the draft’s files attached', async () => {
    const { store, openStream, uploads, stream } = setup()
    store.addDraftFiles([photo()])
    const sending = store.send('How much sleep do I need?')
    expect(openStream.mock.calls[0]?.[0]).toMatchObject({ files: [] })
    expect(store.state.draft.files).toHaveLength(1)
    uploads[0]?.resolve(URL_1)
    stream.push(dataLine({ message: message() }))
    await sending
  })

  it('raises the sent-file flag for a message with files and lowers it once they are read (issue #15)', async () => {
    const { store, uploads, stream } = setup()
    store.addDraftFiles([photo()])
    uploads[0]?.resolve(URL_1)
    await firstFileStatus(store, 'success')
    void store.send('Look', { fromDraft: true })
    expect(store.state.sentFile).toBe(true)
    stream.push(dataLine({ filesRead: [{ url: URL_1, state: 'ready' }] }))
    await eventually(() => expect(store.state.sentFile).toBe(false))
  })

  it('lowers the flag at the first token from a server that sends no filesRead event', async () => {
    const { store, uploads, stream } = setup()
    store.addDraftFiles([photo()])
    uploads[0]?.resolve(URL_1)
    await firstFileStatus(store, 'success')
    void store.send('Look', { fromDraft: true })
    stream.push(dataLine({ current_token: 'It' }))
    await eventually(() => expect(store.state.sentFile).toBe(false))
  })

  it('does not raise the flag for a message without files', () => {
    const { store } = setup()
    void store.send('Hi', { fromDraft: true })
    expect(store.state.sentFile).toBe(false)
  })

  it('puts the files back with the text when the server refuses the message', async () => {
    const { store, uploads, revokePreviewUrl } = setup({
      ok: false,
      status: 503,
      statusText: 'Service Unavailable',
      code: null,
      message: null,
    })
    store.addDraftFiles([photo()])
    uploads[0]?.resolve(URL_1)
    await firstFileStatus(store, 'success')
    const outcome = await store.send('Look', { fromDraft: true })
    expect(outcome.kind).toBe('rejected')
    expect(store.state.draft.text).toBe('Look')
    expect(store.state.draft.files).toMatchObject([
      { name: 'sleep-chart.png', url: URL_1, status: 'success' },
    ])
    expect(store.state.sentFile).toBe(false)
    expect(revokePreviewUrl).not.toHaveBeenCalled()
  })

  it('frees the sent files’ previews once the answer is in', async () => {
    const { store, uploads, stream, revokePreviewUrl } = setup()
    store.addDraftFiles([photo()])
    uploads[0]?.resolve(URL_1)
    await firstFileStatus(store, 'success')
    const sending = store.send('Look', { fromDraft: true })
    stream.push(dataLine({ message: message() }))
    await sending
    expect(revokePreviewUrl).toHaveBeenCalledWith('blob:Sleep Chart.png')
  })

  it('drops the files when another clone opens, and on reset', () => {
    const { store } = setup()
    store.addDraftFiles([photo()])
    store.openSession({ slug: 'lena-hart', conversationId: null })
    expect(store.state.draft.files).toHaveLength(1)
    store.openSession({ slug: 'tomas-rivera' })
    expect(store.state.draft.files).toEqual([])
    store.addDraftFiles([photo()])
    store.reset()
    expect(store.state.draft.files).toEqual([])
  })
})
