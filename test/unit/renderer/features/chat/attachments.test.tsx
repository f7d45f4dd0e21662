// @vitest-environment happy-dom
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { chatStrings } from '../../../../../renderer/src/features/chat/chat.strings'
import { chatStream } from '../../../../../renderer/src/features/chat/chat-stream.store'
import { uploadStrings } from '../../../../../renderer/src/features/uploads/uploads.strings'
import { CONVERSATION_ID, dataLine, manualStream, message } from '../../support/chat'
import { lenaHart, tomasRivera } from '../../support/clones'
import { fakeChatApi } from '../../support/fake-chat-api'
import { type PartMode, withUploadApi } from '../../support/fake-upload-api'
import { giveElementsALayout } from '../../support/layout'
import { renderApp } from '../../support/render-app'

// The failure reporter (renderer/src/lib/failure-reporting.ts) is watched, not sent anywhere.
const reported = vi.hoisted(() => [] as { kind: string; error: unknown; context: unknown }[])
vi.mock('../../../../../renderer/src/lib/failure-reporting', async (importOriginal) => {
  const actual = await importOriginal<typeof import('../../../../../renderer/src/lib/failure-reporting')>()
  return {
    ...actual,
    reportFailure: (kind: string, error: unknown, context?: unknown) => {
      reported.push({ kind, error, context })
    },
  }
})

// The talk screen is a lazily loaded route: its first import transforms the whole chat module graph,
// which on a busy machine outlasts a findBy* wait. Load it once here, so each test waits only for rendering.
beforeAll(() => import('../../../../../renderer/src/features/talk/TalkScreen'))

beforeEach(() => {
  giveElementsALayout()
  vi.spyOn(URL, 'createObjectURL').mockImplementation((file) => `blob:preview-${(file as File).name}`)
  vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {})
})

afterEach(() => {
  vi.restoreAllMocks()
  cleanup()
  chatStream.reset()
  vi.unstubAllGlobals()
})

const pdf = (name = 'Sleep Diary.pdf') => new File(['x'.repeat(2048)], name, { type: 'application/pdf' })
const png = (name = 'Sleep Chart.png') => new File(['png'], name, { type: 'image/png' })

const prompt = () => screen.getByRole('textbox', { name: 'Message Lena Hart' })
const fileRow = () => screen.getByRole('list', { name: uploadStrings.filesToSend })
const fileInput = () => screen.getByLabelText<HTMLInputElement>(uploadStrings.attachFiles)
const sendButton = () => screen.getByRole('button', { name: chatStrings.send })
const promptBox = () => prompt().closest('form') as HTMLFormElement

async function openTalk(parts: PartMode = 'ok', chat = fakeChatApi([lenaHart(), tomasRivera()])) {
  const api = withUploadApi(chat.fetch, { parts })
  await renderApp('/lena-hart/talk', { fetch: api.fetch })
  await screen.findByRole('heading', { level: 2, name: 'Lena Hart' })
  return api
}

/** What the file picker hands over once the visitor chose files. */
const choose = (...files: File[]) => fireEvent.change(fileInput(), { target: { files } })

describe('attachments', () => {
  it('opens the file picker from the plus menu’s Upload File item, for the accepted types', async () => {
    await openTalk()
    const click = vi.spyOn(HTMLInputElement.prototype, 'click').mockImplementation(() => {})
    fireEvent.keyDown(screen.getByRole('button', { name: chatStrings.plusMenu }), { key: 'Enter' })
    fireEvent.click(await screen.findByRole('menuitem', { name: chatStrings.uploadFile }))
    expect(click).toHaveBeenCalledTimes(1)
    expect(fileInput().multiple).toBe(true)
    expect(fileInput().accept).toContain('.pdf')
    expect(fileInput().accept).toContain('.png')
  })

  it('shows added files as uploading, then ready: images as thumbnails, others as cards', async () => {
    const api = await openTalk('hold')
    choose(pdf(), png())
    const items = within(fileRow()).getAllByRole('listitem')
    expect(items).toHaveLength(2)
    expect(within(items[0] as HTMLElement).getByText('sleep-diary.pdf')).toBeTruthy()
    expect(within(items[0] as HTMLElement).getByText(uploadStrings.uploading)).toBeTruthy()
    expect(screen.getByRole('progressbar', { name: 'Uploading sleep-diary.pdf' })).toBeTruthy()
    expect((items[1] as HTMLElement).querySelector('img')?.getAttribute('src')).toBe(
      'blob:preview-Sleep Chart.png',
    )

    await waitFor(() => expect(api.held).toHaveLength(2))
    act(() => api.releaseParts())
    await waitFor(() => expect(screen.queryAllByRole('progressbar')).toHaveLength(0))
    expect(within(fileRow()).getByText('PDF · 2.0 KB')).toBeTruthy()
    expect(within(fileRow()).getByText('PNG · 3 B')).toBeTruthy()
  })

  it('refuses a fourth file and a file type it does not take, saying so', async () => {
    await openTalk()
    choose(pdf('a.pdf'), pdf('b.pdf'), new File(['x'], 'Installer.exe'))
    expect(await screen.findByText(uploadStrings.notAccepted('installer.exe'))).toBeTruthy()
    choose(png(), pdf('d.pdf'))
    expect(await screen.findByText(uploadStrings.tooMany)).toBeTruthy()
    expect(within(fileRow()).getAllByRole('listitem')).toHaveLength(3)
    expect(within(fileRow()).queryByText('d.pdf')).toBeNull()
  })

  it('blocks sending while a file uploads, then sends the file addresses with the message', async () => {
    const api = await openTalk('hold')
    choose(png())
    fireEvent.change(prompt(), { target: { value: 'What does this chart say?' } })
    expect(
      screen.getByRole('button', { name: chatStrings.send, description: uploadStrings.waitForUploads }),
    ).toBeTruthy()
    fireEvent.keyDown(prompt(), { key: 'Enter' })
    expect(await screen.findByText(uploadStrings.waitForUploads, { selector: '[data-title]' })).toBeTruthy()
    expect(api.streamFiles).toEqual([])

    await waitFor(() => expect(api.held).toHaveLength(1))
    act(() => api.releaseParts())
    await waitFor(() => expect(sendButton().getAttribute('aria-disabled')).toBeNull())
    fireEvent.keyDown(prompt(), { key: 'Enter' })
    await waitFor(() => expect(api.streamFiles).toEqual([['/api/uploads/files/key-1/sleep-chart.png']]))
    // The draft's file row empties with the text, and the sent message shows its file.
    expect(within(promptBox()).queryByRole('list', { name: uploadStrings.filesToSend })).toBeNull()
    const sent = await screen.findByRole('article', { name: chatStrings.yourMessage })
    const thumbnail = within(sent).getByRole('link', { name: uploadStrings.openImage('sleep-chart.png') })
    expect(thumbnail.getAttribute('href')).toBe('/api/uploads/files/key-1/sleep-chart.png')
    expect(thumbnail.getAttribute('target')).toBe('_blank')
    expect(await screen.findByRole('article', { name: 'Lena Hart' })).toBeTruthy()
  })

  it('says a failed upload failed, blocks sending, and Retry uploads it again', async () => {
    reported.length = 0
    const api = await openTalk('fail')
    choose(pdf())
    expect(await within(fileRow()).findByText(uploadStrings.uploadFailed)).toBeTruthy()
    // spec 1 §8: upload failures are reported, without the file's name (issue #27).
    expect(reported.map((r) => r.kind)).toEqual(['upload'])
    expect(JSON.stringify(reported[0]?.context ?? {})).not.toContain('sleep-diary')
    fireEvent.change(prompt(), { target: { value: 'Summarise my diary' } })
    expect(
      screen.getByRole('button', { name: chatStrings.send, description: uploadStrings.fixFailedUploads }),
    ).toBeTruthy()

    api.setParts('ok')
    fireEvent.click(
      within(fileRow()).getByRole('button', { name: uploadStrings.retryFile('sleep-diary.pdf') }),
    )
    await waitFor(() => expect(within(fileRow()).queryByText(uploadStrings.uploadFailed)).toBeNull())
    expect(await within(fileRow()).findByText('PDF · 2.0 KB')).toBeTruthy()
    fireEvent.keyDown(prompt(), { key: 'Enter' })
    await waitFor(() => expect(api.streamFiles).toEqual([['/api/uploads/files/key-2/sleep-diary.pdf']]))
  })

  it('removes a file, stopping its upload', async () => {
    const api = await openTalk('hold')
    choose(pdf(), png())
    await waitFor(() => expect(api.held).toHaveLength(2))
    fireEvent.click(within(fileRow()).getByRole('button', { name: uploadStrings.remove('sleep-diary.pdf') }))
    expect(within(fileRow()).queryByText('sleep-diary.pdf')).toBeNull()
    expect(within(fileRow()).getAllByRole('listitem')).toHaveLength(1)
    expect(api.held[0]?.signal.aborted).toBe(true)
    expect(URL.revokeObjectURL).not.toHaveBeenCalled()
    fireEvent.click(within(fileRow()).getByRole('button', { name: uploadStrings.remove('sleep-chart.png') }))
    expect(within(promptBox()).queryByRole('list', { name: uploadStrings.filesToSend })).toBeNull()
    expect(URL.revokeObjectURL).toHaveBeenCalledWith('blob:preview-Sleep Chart.png')
  })

  it('takes files dropped on the prompt and images pasted into it', async () => {
    await openTalk()
    const box = promptBox()
    fireEvent.dragEnter(box, { dataTransfer: { types: ['Files'], files: [] } })
    expect(screen.getByText(uploadStrings.dropFiles)).toBeTruthy()
    fireEvent.drop(box, { dataTransfer: { types: ['Files'], files: [pdf()] } })
    expect(screen.queryByText(uploadStrings.dropFiles)).toBeNull()
    fireEvent.paste(prompt(), { clipboardData: { files: [png('image.png')], getData: () => '' } })
    const names = within(fileRow())
      .getAllByRole('listitem')
      .map((item) => item.querySelector('.draft-file__name')?.textContent)
    expect(names).toEqual(['sleep-diary.pdf', 'image.png'])
    // Copied rich text also carries a picture of itself: then the text is pasted, not a file.
    fireEvent.paste(prompt(), { clipboardData: { files: [png('copied.png')], getData: () => 'Some text' } })
    expect(within(fileRow()).getAllByRole('listitem')).toHaveLength(2)
  })

  it('hides the attach feature when the clone does not take files', async () => {
    const tomas = tomasRivera({ options: { ...tomasRivera().options, enableImageSending: false } })
    await renderApp('/tomas-rivera/talk', { fetch: withUploadApi(fakeChatApi([tomas]).fetch).fetch })
    await screen.findByRole('heading', { level: 2, name: 'Tomas Rivera' })
    fireEvent.keyDown(screen.getByRole('button', { name: chatStrings.plusMenu }), { key: 'Enter' })
    expect(await screen.findByRole('menuitem', { name: chatStrings.startNewConversation })).toBeTruthy()
    expect(screen.queryByRole('menuitem', { name: chatStrings.uploadFile })).toBeNull()
    expect(screen.queryByLabelText(uploadStrings.attachFiles)).toBeNull()
  })

  it('shows the files of a sent message: thumbnails that open the image, cards that download', async () => {
    const chat = fakeChatApi([lenaHart()], {
      conversations: [
        {
          id: CONVERSATION_ID,
          title: 'My chart',
          medium: 'WEB',
          shareId: null,
          createdAt: '2025-01-01T08:00:00.000Z',
          updatedAt: '2025-01-01T08:00:05.000Z',
          hidden: false,
          recordingUrl: null,
          messages: [
            message({
              sender: 'USER',
              text: 'Here are my notes',
              files: ['/api/uploads/files/k1/sleep-chart.png', '/api/uploads/files/k2/sleep-diary.pdf'],
            }),
            message({ text: 'Thanks, I read them.' }),
          ],
        },
      ],
    })
    await renderApp(`/lena-hart/talk/conversation/${CONVERSATION_ID}`, { fetch: chat.fetch })
    const sent = await screen.findByRole('article', { name: chatStrings.yourMessage })
    const image = within(sent).getByRole('link', { name: uploadStrings.openImage('sleep-chart.png') })
    expect(image.getAttribute('href')).toBe('/api/uploads/files/k1/sleep-chart.png')
    expect(image.getAttribute('target')).toBe('_blank')
    expect(image.querySelector('img')?.getAttribute('src')).toBe('/api/uploads/files/k1/sleep-chart.png')
    const card = within(sent).getByRole('link', { name: uploadStrings.download('sleep-diary.pdf') })
    expect(card.getAttribute('href')).toBe('/api/uploads/files/k2/sleep-diary.pdf')
    expect(card.getAttribute('download')).toBe('sleep-diary.pdf')
    expect(within(card).getByText('PDF')).toBeTruthy()
    expect(within(sent).getByText('Here are my notes')).toBeTruthy()
  })

  it('shows Analyzing File while the answer to a message with files has not started', async () => {
    const reply = manualStream()
    const chat = fakeChatApi([lenaHart()], {
      streamResponse: () => new Response(reply.stream, { status: 200 }),
    })
    const api = await openTalk('ok', chat)
    choose(pdf())
    await within(fileRow()).findByText('PDF · 2.0 KB')
    fireEvent.change(prompt(), { target: { value: 'Summarise my diary' } })
    fireEvent.keyDown(prompt(), { key: 'Enter' })
    await waitFor(() => expect(api.streamFiles).toHaveLength(1))
    expect(await screen.findByRole('status', { name: uploadStrings.analyzingFile })).toBeTruthy()
    expect(screen.getByText(uploadStrings.analyzingFile)).toBeTruthy()
    act(() => reply.push(dataLine({ current_token: 'You slept ' })))
    await waitFor(() => expect(screen.queryByText(uploadStrings.analyzingFile)).toBeNull())
    act(() => {
      reply.push(dataLine({ message: message({ text: 'You slept well.' }) }))
      reply.end()
    })
    expect(await screen.findByText('You slept well.')).toBeTruthy()
  })

  it('shows the usual sending dots for a message without files', async () => {
    const reply = manualStream()
    await openTalk('ok', fakeChatApi([lenaHart()], { streamResponse: () => new Response(reply.stream) }))
    fireEvent.change(prompt(), { target: { value: 'Hello' } })
    fireEvent.keyDown(prompt(), { key: 'Enter' })
    expect(await screen.findByRole('status', { name: chatStrings.sending })).toBeTruthy()
    expect(screen.queryByText(uploadStrings.analyzingFile)).toBeNull()
    act(() => {
      reply.push(dataLine({ message: message({ text: 'Hi there.' }) }))
      reply.end()
    })
    expect(await screen.findByText('Hi there.')).toBeTruthy()
  })
})
