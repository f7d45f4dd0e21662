// @vitest-environment happy-dom
import { Theme } from '@radix-ui/themes'
import { cleanup, render, screen, waitFor } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { OutboundMessage } from '../../../../../contract/chat'
import type { ChatStreamAnswer } from '../../../../../renderer/src/api/chat'
import { ChatThread } from '../../../../../renderer/src/features/chat/ChatThread'
import { ChatMessagesContext } from '../../../../../renderer/src/features/chat/chat-context'
import { createChatStreamStore } from '../../../../../renderer/src/features/chat/chat-stream.store'
import { setPlatform } from '../../../../../renderer/src/platform'
import { createMemoryStorage, createWebPlatform } from '../../../../../renderer/src/platform/web'
import { eventually } from '../../../../support/eventually'
import { dataLine, manualStream, message, nextUuid } from '../../support/chat'
import { giveElementsALayout } from '../../support/layout'

/*
 * Issue #15 'Analyzing File ends when the file has been read': the placeholder shows from the send until the
 * stream's `filesRead` event, then the usual dots until the first token; a file that could not be read is
 * told to the visitor with its reason.
 */

beforeEach(() => {
  giveElementsALayout()
  setPlatform(createWebPlatform(createMemoryStorage()))
})
afterEach(() => {
  vi.restoreAllMocks()
  cleanup()
})

const FILE_URL = '/api/uploads/files/AAAAAAAAAAAAAAAAAAAAAA/report.pdf'

async function sendWithFile() {
  const stream = manualStream()
  const openStream = vi.fn(
    async (_message: OutboundMessage, _signal: AbortSignal): Promise<ChatStreamAnswer> => ({
      ok: true,
      body: stream.stream,
    }),
  )
  const notifyUnreadFiles = vi.fn()
  const store = createChatStreamStore({
    openStream,
    requestTitle: async () => 'Report',
    saveTitle: async () => undefined,
    requestFrame: (callback) => {
      callback()
      return 0
    },
    cancelFrame: () => {},
    newStamp: () => ({ id: nextUuid(), createdAt: new Date().toISOString() }),
    timezone: () => null,
    log: () => {},
    uploadFile: async () => FILE_URL,
    createPreviewUrl: (file) => `blob:${file.name}`,
    revokePreviewUrl: () => {},
    report: () => {},
    notifyUnreadFiles,
  })
  store.openSession({ slug: 'lena-hart' })
  render(
    <Theme>
      <ChatMessagesContext.Provider
        value={{ cloneName: 'Lena Hart', cloneImageUrl: undefined, viewSources: true, openSources: () => {} }}
      >
        <ChatThread view={store.state} />
      </ChatMessagesContext.Provider>
    </Theme>,
  )
  store.addDraftFiles([new File(['%PDF'], 'report.pdf', { type: 'application/pdf' })])
  await eventually(() => expect(store.state.draft.files[0]?.status).toBe('success'))
  const sending = store.send('What does my report say?', { fromDraft: true })
  return { store, stream, openStream, notifyUnreadFiles, sending }
}

describe("'Analyzing File' (issue #15)", () => {
  it('shows from the send until the files are read, then the dots until the first token', async () => {
    const { stream, openStream, sending } = await sendWithFile()
    // The client asks for the event that ends it.
    expect(openStream.mock.calls[0]?.[0]).toMatchObject({ files: [FILE_URL], filesReadEvent: true })
    expect(await screen.findByRole('status', { name: 'Analyzing File' })).toBeTruthy()
    expect(screen.getByText('Analyzing File')).toBeTruthy()

    stream.push(dataLine({ filesRead: [{ url: FILE_URL, state: 'ready' }] }))
    await waitFor(() => expect(screen.getByRole('status', { name: 'Sending' })).toBeTruthy())
    expect(screen.queryByText('Analyzing File')).toBeNull()

    stream.push(dataLine({ current_token: 'Your report' }))
    await waitFor(() => expect(screen.queryByRole('status', { name: 'Sending' })).toBeNull())
    stream.push(dataLine({ message: message({ text: 'Your report is fine.' }) }))
    expect((await sending).kind).toBe('completed')
  })

  it('tells the visitor which file could not be read and why, and the answer still comes', async () => {
    const { stream, notifyUnreadFiles, sending } = await sendWithFile()
    stream.push(
      dataLine({ filesRead: [{ url: FILE_URL, state: 'failed', error: 'This file could not be read' }] }),
    )
    await waitFor(() => expect(screen.getByRole('status', { name: 'Sending' })).toBeTruthy())
    expect(notifyUnreadFiles).toHaveBeenCalledWith([
      { name: 'report.pdf', reason: 'This file could not be read' },
    ])
    stream.push(dataLine({ message: message({ text: 'I couldn’t read report.pdf.' }) }))
    expect((await sending).kind).toBe('completed')
  })

  it('stays up past 4 s while the files are being read', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
    try {
      const { store } = await sendWithFile()
      vi.advanceTimersByTime(10_000)
      expect(store.state.sentFile).toBe(true)
    } finally {
      vi.useRealTimers()
    }
  })
})
