// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { UploadFileOptions } from '../../../../../renderer/src/api/uploads'
import { knowledgeApi, me, openKnowledge, refusal, uuid } from './knowledge-harness'

/** A fake upload client: each upload waits for the test to report progress, then finish or fail it. */
interface HeldUpload {
  file: File
  options: UploadFileOptions
  finish: () => void
  fail: (error: Error) => void
}
const uploads: HeldUpload[] = []
vi.mock('../../../../../renderer/src/api/uploads', () => ({
  uploadFileWithId: (file: File, options: UploadFileOptions) =>
    new Promise((resolve, reject) => {
      const uploadId = uuid()
      uploads.push({
        file,
        options,
        finish: () => resolve({ uploadId, url: `/api/uploads/files/k/${file.name}` }),
        fail: reject,
      })
    }),
}))

afterEach(() => {
  cleanup()
  uploads.length = 0
  vi.unstubAllGlobals()
})

const bytes = (n: number) => new Uint8Array(n)
const rowOf = (dialog: HTMLElement, name: string) => {
  const list = within(dialog).getByRole('list', { name: 'Files to add' })
  const row = within(list)
    .getAllByRole('listitem')
    .find((li) => li.textContent?.includes(name))
  if (!row) throw new Error(`No file row ${name}`)
  return row
}
const nextUpload = async (count: number) => {
  await waitFor(() => expect(uploads).toHaveLength(count))
  return uploads[count - 1]!
}

describe('uploading documents', () => {
  it('uploads several files one after the other with their progress, adds each as a source, and lists them', async () => {
    const fake = knowledgeApi()
    await openKnowledge(me('CREATOR'), fake)
    fireEvent.click(await screen.findByRole('button', { name: /Upload documents/ }))
    const dialog = await screen.findByRole('dialog')
    expect(within(dialog).getByText('Choose one or more files to add.')).toBeTruthy()

    const input = within(dialog).getByLabelText('Documents', { selector: 'input' })
    fireEvent.change(input, {
      target: {
        files: [
          new File([bytes(2000)], 'Sleep Handbook.pdf'),
          new File([bytes(100)], 'notes.md'),
          new File([bytes(10)], 'setup.exe'),
        ],
      },
    })
    expect(within(dialog).getByText('setup.exe is not a type your clone can read.')).toBeTruthy()
    expect(within(rowOf(dialog, 'sleep-handbook.pdf')).getByText('Ready to upload')).toBeTruthy()
    expect(within(rowOf(dialog, 'notes.md')).getByText('Ready to upload')).toBeTruthy()

    fireEvent.click(within(dialog).getByRole('button', { name: 'Upload 2 files' }))
    const first = await nextUpload(1)
    expect(first.file.name).toBe('Sleep Handbook.pdf')
    // One at a time: the second waits for the first.
    expect(uploads).toHaveLength(1)
    first.options.onProgress?.(1000)
    expect(await within(rowOf(dialog, 'sleep-handbook.pdf')).findByText('Uploading 50%')).toBeTruthy()
    expect(within(rowOf(dialog, 'sleep-handbook.pdf')).getByRole('progressbar')).toBeTruthy()
    first.finish()
    expect(await within(rowOf(dialog, 'sleep-handbook.pdf')).findByText('Added')).toBeTruthy()

    const second = await nextUpload(2)
    second.finish()
    expect(await within(rowOf(dialog, 'notes.md')).findByText('Added')).toBeTruthy()

    const added = fake.sent('POST', '/sources/document') as { uploadId: string }[]
    expect(added).toHaveLength(2)
    expect(added.every((body) => /^[0-9a-f-]{36}$/.test(body.uploadId))).toBe(true)
    expect(new Set(added.map((b) => b.uploadId)).size).toBe(2)

    fireEvent.click(within(dialog).getByRole('button', { name: 'Done' }))
    expect(await screen.findByText('2 documents added. They are being read.')).toBeTruthy()
    await waitFor(() =>
      expect(within(screen.getByRole('list', { name: 'Sources' })).getAllByRole('listitem')).toHaveLength(2),
    )
  })

  it('shows why a file failed and retries it without losing the others; a failed add is not uploaded again', async () => {
    const fake = knowledgeApi()
    let refuseAdd = true
    fake.hooks.onAdd = () => {
      if (!refuseAdd) return undefined
      refuseAdd = false
      return refusal(400, 'The file could not be attached.')
    }
    await openKnowledge(me('CREATOR'), fake)
    fireEvent.click(await screen.findByRole('button', { name: /Upload documents/ }))
    const dialog = await screen.findByRole('dialog')
    const input = within(dialog).getByLabelText('Documents', { selector: 'input' })
    fireEvent.change(input, {
      target: { files: [new File([bytes(10)], 'a.pdf'), new File([bytes(10)], 'b.docx')] },
    })
    fireEvent.click(within(dialog).getByRole('button', { name: 'Upload 2 files' }))

    // a.pdf: uploaded, then refused by the server when added.
    ;(await nextUpload(1)).finish()
    expect(
      await within(rowOf(dialog, 'a.pdf')).findByText('Failed: The file could not be attached.'),
    ).toBeTruthy()
    // b.docx: its upload fails.
    ;(await nextUpload(2)).fail(new Error('network down'))
    expect(await within(rowOf(dialog, 'b.docx')).findByText('Failed: Upload failed.')).toBeTruthy()

    fireEvent.click(within(dialog).getByRole('button', { name: 'Retry a.pdf' }))
    expect(await within(rowOf(dialog, 'a.pdf')).findByText('Added')).toBeTruthy()
    // Added with the upload it already had: no second upload.
    expect(uploads).toHaveLength(2)
    const added = fake.sent('POST', '/sources/document') as { uploadId: string }[]
    expect(added).toHaveLength(2)
    expect(added[0]).toEqual(added[1])

    fireEvent.click(within(dialog).getByRole('button', { name: 'Retry failed files' }))
    ;(await nextUpload(3)).finish()
    expect(await within(rowOf(dialog, 'b.docx')).findByText('Added')).toBeTruthy()
    expect(fake.sent('POST', '/sources/document')).toHaveLength(3)
  })

  it('lets a waiting file be removed from the list before the upload', async () => {
    await openKnowledge(me('CREATOR'))
    fireEvent.click(await screen.findByRole('button', { name: /Upload documents/ }))
    const dialog = await screen.findByRole('dialog')
    const input = within(dialog).getByLabelText('Documents', { selector: 'input' })
    fireEvent.change(input, {
      target: { files: [new File([bytes(10)], 'a.pdf'), new File([bytes(10)], 'b.pdf')] },
    })
    fireEvent.click(within(dialog).getByRole('button', { name: 'Remove a.pdf from the list' }))
    expect(within(dialog).getByRole('button', { name: 'Upload 1 file' })).toBeTruthy()
    fireEvent.click(within(dialog).getByRole('button', { name: 'Upload 1 file' }))
    expect((await nextUpload(1)).file.name).toBe('b.pdf')
  })

  it('goes on uploading when the dialog is closed, and the source joins the list when added', async () => {
    await openKnowledge(me('CREATOR'))
    fireEvent.click(await screen.findByRole('button', { name: /Upload documents/ }))
    const dialog = await screen.findByRole('dialog')
    const input = within(dialog).getByLabelText('Documents', { selector: 'input' })
    fireEvent.change(input, { target: { files: [new File([bytes(10)], 'a.pdf')] } })
    fireEvent.click(within(dialog).getByRole('button', { name: 'Upload 1 file' }))
    const upload = await nextUpload(1)
    fireEvent.click(within(dialog).getByRole('button', { name: 'Close' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    expect(upload.options.signal?.aborted).toBe(false)
    upload.finish()
    expect(await screen.findByRole('list', { name: 'Sources' })).toBeTruthy()
    expect(screen.getByText('Queued')).toBeTruthy()
  })
})
