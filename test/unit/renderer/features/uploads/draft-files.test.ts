import { proxy } from 'valtio'
import { describe, expect, it, vi } from 'vitest'
import type { UploadFileOptions } from '../../../../../renderer/src/api/uploads'
import { createDraftFiles, type DraftFile } from '../../../../../renderer/src/features/uploads/draft-files'
import { eventually } from '../../../../support/eventually'

interface UploadCall {
  file: File
  options: UploadFileOptions
  resolve: (url: string) => void
  reject: (error: unknown) => void
}

/** Draft files over a fresh draft, with uploads the test settles by hand. */
function setup() {
  const draft = proxy<{ files: DraftFile[] }>({ files: [] })
  const uploads: UploadCall[] = []
  let ids = 0
  const deps = {
    uploadFile: vi.fn(
      (file: File, options: UploadFileOptions) =>
        new Promise<string>((resolve, reject) => uploads.push({ file, options, resolve, reject })),
    ),
    newId: () => `f${++ids}`,
    createPreviewUrl: vi.fn((file: File) => `blob:${file.name}`),
    revokePreviewUrl: vi.fn(),
    report: vi.fn(),
  }
  return { draft, uploads, deps, files: createDraftFiles(draft, deps) }
}

const pdf = (name = 'Notes.pdf', size = 2048) =>
  new File(['x'.repeat(size)], name, { type: 'application/pdf' })
const png = (name = 'Photo 1.PNG') => new File(['png'], name, { type: 'image/png' })
/** Waits until the first draft file has reached a status (its upload settles on a later tick). */
const firstFileStatus = (draft: { files: DraftFile[] }, status: DraftFile['status']) =>
  eventually(() => expect(draft.files[0]?.status).toBe(status))
/** Lets an answer nothing waits for settle: the code under test has no timers, one macrotask drains it. */
const flush = () => new Promise((resolve) => setTimeout(resolve, 0))

describe('draft files', () => {
  it('adds accepted files as pending with sanitised names, previews only jpeg and png, and uploads at once', () => {
    const { draft, uploads, deps, files } = setup()
    expect(files.add([pdf('My Notes!.PDF'), png()])).toEqual([])
    expect(draft.files).toEqual([
      {
        id: 'f1',
        name: 'my-notes.pdf',
        size: 2048,
        previewUrl: null,
        url: null,
        status: 'pending',
        sentBytes: 0,
      },
      {
        id: 'f2',
        name: 'photo-1.png',
        size: 3,
        previewUrl: 'blob:Photo 1.PNG',
        url: null,
        status: 'pending',
        sentBytes: 0,
      },
    ])
    expect(deps.createPreviewUrl).toHaveBeenCalledTimes(1)
    expect(uploads.map((u) => u.file.name)).toEqual(['My Notes!.PDF', 'Photo 1.PNG'])
  })

  it('moves to success with the uploaded address, tracking progress on the way', async () => {
    const { draft, uploads, files } = setup()
    files.add([pdf()])
    const upload = uploads[0] as UploadCall
    upload.options.onProgress?.(1024)
    expect(draft.files[0]?.sentBytes).toBe(1024)
    upload.resolve('/api/uploads/files/k/notes.pdf')
    await firstFileStatus(draft, 'success')
    expect(draft.files[0]).toMatchObject({
      status: 'success',
      url: '/api/uploads/files/k/notes.pdf',
      sentBytes: 2048,
    })
  })

  it('refuses unaccepted types, files over the size limit and a fourth file', () => {
    const { draft, files } = setup()
    const huge = pdf('big.pdf', 1)
    Object.defineProperty(huge, 'size', { value: 101 * 1024 * 1024 })
    expect(
      files.add([
        pdf('a.pdf'),
        new File(['x'], 'Setup.EXE'),
        huge,
        pdf('b.pdf'),
        png(),
        pdf('c.pdf'),
        pdf('d.pdf'),
      ]),
    ).toEqual([
      { reason: 'type', name: 'setup.exe' },
      { reason: 'size', name: 'big.pdf' },
      { reason: 'count' },
    ])
    expect(draft.files.map((f) => f.name)).toEqual(['a.pdf', 'b.pdf', 'photo-1.png'])
  })

  it('marks a failed upload failed and reports it; retry uploads it again', async () => {
    const { draft, uploads, deps, files } = setup()
    files.add([pdf()])
    const failure = new Error('500')
    ;(uploads[0] as UploadCall).reject(failure)
    await firstFileStatus(draft, 'failed')
    expect(deps.report).toHaveBeenCalledWith('Upload of notes.pdf failed', failure)
    files.retry('f1')
    expect(draft.files[0]?.status).toBe('pending')
    expect(uploads).toHaveLength(2)
    ;(uploads[1] as UploadCall).resolve('/api/uploads/files/k/notes.pdf')
    await firstFileStatus(draft, 'success')
  })

  it('removing a pending file aborts its upload and frees its preview; its late answer changes nothing', async () => {
    const { draft, uploads, deps, files } = setup()
    files.add([png()])
    const upload = uploads[0] as UploadCall
    files.remove('f1')
    expect(draft.files).toEqual([])
    expect(upload.options.signal?.aborted).toBe(true)
    expect(deps.revokePreviewUrl).toHaveBeenCalledWith('blob:Photo 1.PNG')
    upload.reject(new DOMException('Aborted', 'AbortError'))
    await flush()
    expect(deps.report).not.toHaveBeenCalled()
  })

  it('a send takes the files out of the draft; restore puts them back, release frees them', async () => {
    const { draft, uploads, deps, files } = setup()
    files.add([png()])
    ;(uploads[0] as UploadCall).resolve('/api/uploads/files/k/photo-1.png')
    await firstFileStatus(draft, 'success')
    const taken = files.take()
    expect(taken.urls).toEqual(['/api/uploads/files/k/photo-1.png'])
    expect(draft.files).toEqual([])
    expect(deps.revokePreviewUrl).not.toHaveBeenCalled()
    taken.restore()
    expect(draft.files.map((f) => f.name)).toEqual(['photo-1.png'])
    taken.release()
    expect(deps.revokePreviewUrl).not.toHaveBeenCalled()

    const again = files.take()
    again.release()
    expect(deps.revokePreviewUrl).toHaveBeenCalledWith('blob:Photo 1.PNG')
  })

  it('clear aborts every upload and frees every preview', () => {
    const { draft, uploads, deps, files } = setup()
    files.add([png(), pdf()])
    files.clear()
    expect(draft.files).toEqual([])
    expect(uploads.every((u) => u.options.signal?.aborted)).toBe(true)
    expect(deps.revokePreviewUrl).toHaveBeenCalledTimes(1)
  })
})
