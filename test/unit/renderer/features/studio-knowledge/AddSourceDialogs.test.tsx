// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { knowledgeApi, me, openKnowledge, refusal, source } from './knowledge-harness'

afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
})

const openDialog = async (name: RegExp) => {
  fireEvent.click(await screen.findByRole('button', { name }))
  return screen.findByRole('dialog')
}
const field = (dialog: HTMLElement, label: string) =>
  within(dialog).getByLabelText(label) as HTMLInputElement | HTMLTextAreaElement
const type = (element: HTMLElement, value: string) => fireEvent.change(element, { target: { value } })
const submit = (dialog: HTMLElement, name: string) =>
  fireEvent.click(within(dialog).getByRole('button', { name }))
const sourceTitles = () =>
  within(screen.getByRole('list', { name: 'Sources' }))
    .getAllByRole('listitem')
    .map((li) => li.querySelector('.knowledge-source__title')?.textContent)

describe('adding a web page', () => {
  it('refuses an address that is not http(s), sends a valid one, and lists the page as queued', async () => {
    const fake = knowledgeApi([source({ title: 'Sleep handbook' })])
    await openKnowledge(me('CREATOR'), fake)
    const dialog = await openDialog(/Web page/)
    const url = field(dialog, 'Address')

    submit(dialog, 'Add web page')
    expect(await within(dialog).findByText('Enter the address.')).toBeTruthy()
    // The field in error takes the focus, so a keyboard user lands where the fix is.
    await waitFor(() => expect(document.activeElement).toBe(url))
    type(url, 'ftp://example.com/file')
    expect(within(dialog).getByText('Enter a web address starting with http:// or https://')).toBeTruthy()
    expect(url.getAttribute('aria-invalid')).toBe('true')
    expect(fake.sent('POST', '/sources/web')).toEqual([])

    type(url, '  https://example.com/sleep  ')
    submit(dialog, 'Add web page')
    expect(await screen.findByText('Source added. It is being read.')).toBeTruthy()
    expect(fake.sent('POST', '/sources/web')).toEqual([{ url: 'https://example.com/sleep' }])
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    await waitFor(() => expect(sourceTitles()[0]).toBe('https://example.com/sleep'))
    expect(screen.getByText('Queued')).toBeTruthy()
  })

  it('shows the server’s refusal and keeps the address', async () => {
    const fake = knowledgeApi()
    fake.hooks.onAdd = () => refusal(400, 'Addresses on a private network are not allowed.')
    await openKnowledge(me('CREATOR'), fake)
    const dialog = await openDialog(/Web page/)
    type(field(dialog, 'Address'), 'http://192.168.1.1/admin')
    submit(dialog, 'Add web page')
    expect(await within(dialog).findByText('Addresses on a private network are not allowed.')).toBeTruthy()
    expect(field(dialog, 'Address').value).toBe('http://192.168.1.1/admin')
  })

  it('keeps what was typed when the dialog is closed and opened again', async () => {
    await openKnowledge(me('CREATOR'))
    let dialog = await openDialog(/Web page/)
    type(field(dialog, 'Address'), 'https://example.com/draft')
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    dialog = await openDialog(/Web page/)
    expect(field(dialog, 'Address').value).toBe('https://example.com/draft')
  })
})

describe('adding a Q&A pair', () => {
  it('counts characters against the limits, refuses empty and too long, and sends the trimmed pair', async () => {
    const fake = knowledgeApi()
    await openKnowledge(me('CONTRIBUTOR'), fake)
    const dialog = await openDialog(/Q&A pair/)
    expect(within(dialog).getByText('0 / 500')).toBeTruthy()
    expect(within(dialog).getByText('0 / 5,000')).toBeTruthy()

    submit(dialog, 'Add Q&A pair')
    expect(await within(dialog).findByText('Write the question.')).toBeTruthy()
    expect(within(dialog).getByText('Write the answer.')).toBeTruthy()

    type(field(dialog, 'Question'), 'x'.repeat(501))
    expect(within(dialog).getByText('501 / 500')).toBeTruthy()
    expect(within(dialog).getByText('Keep the question to 500 characters.')).toBeTruthy()
    submit(dialog, 'Add Q&A pair')
    expect(fake.sent('POST', '/sources/qa')).toEqual([])

    type(field(dialog, 'Question'), '  Do you see patients online?  ')
    type(field(dialog, 'Answer'), ' Yes, on Tuesdays. ')
    expect(within(dialog).getByText('27 / 500')).toBeTruthy()
    submit(dialog, 'Add Q&A pair')
    expect(await screen.findByText('Source added. It is being read.')).toBeTruthy()
    expect(fake.sent('POST', '/sources/qa')).toEqual([
      { question: 'Do you see patients online?', answer: 'Yes, on Tuesdays.' },
    ])
    await waitFor(() => expect(sourceTitles()).toEqual(['Do you see patients online?']))
  })
})

describe('adding a YouTube video or podcast episode', () => {
  it('asks for a YouTube video address, a title and a transcript, and sends the pasted one', async () => {
    const fake = knowledgeApi()
    await openKnowledge(me('CREATOR'), fake)
    const dialog = await openDialog(/YouTube or podcast/)
    expect(
      (within(dialog).getByRole('radio', { name: 'YouTube video' }) as HTMLInputElement).getAttribute(
        'aria-checked',
      ),
    ).toBe('true')

    submit(dialog, 'Add transcript')
    expect(await within(dialog).findByText('Enter the address.')).toBeTruthy()
    expect(within(dialog).getByText('Enter a title.')).toBeTruthy()
    expect(within(dialog).getByText('Paste the transcript, or upload it as a file.')).toBeTruthy()

    type(field(dialog, 'Video address'), 'https://example.com/video')
    expect(within(dialog).getByText(/Enter a YouTube video address/)).toBeTruthy()
    type(field(dialog, 'Video address'), 'https://youtu.be/abcdefgh')
    type(field(dialog, 'Title'), 'Night shift talk')
    const srt = '1\n00:00:01,000 --> 00:00:04,000\nSleep comes in cycles.\n'
    type(field(dialog, 'Transcript text'), srt)
    submit(dialog, 'Add transcript')
    expect(await screen.findByText('Source added. It is being read.')).toBeTruthy()
    expect(fake.sent('POST', '/sources/transcript')).toEqual([
      {
        type: 'Youtube',
        url: 'https://youtu.be/abcdefgh',
        title: 'Night shift talk',
        transcript: srt.trim(),
      },
    ])
  })

  it('reads an uploaded .vtt file as the transcript of a podcast episode, and refuses other files', async () => {
    const fake = knowledgeApi()
    await openKnowledge(me('CREATOR'), fake)
    const dialog = await openDialog(/YouTube or podcast/)
    fireEvent.click(within(dialog).getByRole('radio', { name: 'Podcast episode' }))
    type(field(dialog, 'Episode address'), 'https://podcasts.example.com/ep/12')
    type(field(dialog, 'Title'), 'Episode 12: naps')
    fireEvent.click(within(dialog).getByRole('radio', { name: 'Upload a file' }))

    submit(dialog, 'Add transcript')
    expect(await within(dialog).findByText('Choose an .srt or .vtt file.')).toBeTruthy()

    const input = within(dialog).getByLabelText('Transcript file (.srt or .vtt)', { selector: 'input' })
    fireEvent.change(input, { target: { files: [new File(['%PDF'], 'notes.pdf')] } })
    expect(await within(dialog).findByText('Choose an .srt or .vtt file.')).toBeTruthy()

    const vtt = 'WEBVTT\n\n00:01:05.000 --> 00:01:09.000\nShort naps help.\n'
    fireEvent.change(input, { target: { files: [new File([vtt], 'episode-12.vtt')] } })
    expect(await within(dialog).findByText(/episode-12\.vtt · 54 characters/)).toBeTruthy()
    submit(dialog, 'Add transcript')
    expect(await screen.findByText('Source added. It is being read.')).toBeTruthy()
    expect(fake.sent('POST', '/sources/transcript')).toEqual([
      {
        type: 'Podcast',
        url: 'https://podcasts.example.com/ep/12',
        title: 'Episode 12: naps',
        transcript: vtt.trim(),
      },
    ])
  })
})
