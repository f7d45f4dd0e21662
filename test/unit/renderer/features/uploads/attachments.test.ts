import { describe, expect, it } from 'vitest'
import { ACCEPTED_EXTENSIONS, MAX_DRAFT_FILES, MAX_UPLOAD_BYTES } from '../../../../../contract/uploads'
import {
  ACCEPT_ATTRIBUTE,
  draftSendBlock,
  fileNameFromUrl,
  formatFileSize,
} from '../../../../../renderer/src/features/uploads/attachments'
import { uploadStrings } from '../../../../../renderer/src/features/uploads/uploads.strings'

describe('attachments helpers', () => {
  it('builds the picker’s accept list from the accepted extensions', () => {
    expect(ACCEPT_ATTRIBUTE).toBe(
      '.pdf,.docx,.pptx,.xlsx,.html,.txt,.srt,.epub,.md,.rtf,.csv,.jpg,.jpeg,.png',
    )
  })

  it('formats sizes for a file card', () => {
    expect(formatFileSize(0)).toBe('0 B')
    expect(formatFileSize(1023)).toBe('1023 B')
    expect(formatFileSize(1536)).toBe('1.5 KB')
    expect(formatFileSize(200 * 1024)).toBe('200 KB')
    expect(formatFileSize(3.44 * 1024 * 1024)).toBe('3.4 MB')
    expect(formatFileSize(42 * 1024 * 1024)).toBe('42 MB')
  })

  it('names the limits contract/uploads.ts sets (written out in the strings table)', () => {
    const types = ACCEPTED_EXTENSIONS.map((ext) => ext.toUpperCase()).join(', ')
    expect(uploadStrings.acceptedTypes).toBe(`Attach ${types} files.`)
    expect(uploadStrings.tooMany).toBe(`You can attach up to ${MAX_DRAFT_FILES} files to a message.`)
    expect(uploadStrings.tooLarge('a.pdf')).toBe(
      `a.pdf is too large: files can be up to ${Math.round(MAX_UPLOAD_BYTES / 1024 / 1024)} MB.`,
    )
  })

  it('reads a sent file’s name from its address', () => {
    expect(fileNameFromUrl('/api/uploads/files/k3y/sleep-diary.pdf')).toBe('sleep-diary.pdf')
    expect(fileNameFromUrl('http://127.0.0.1:8787/api/uploads/files/k3y/caf%C3%A9.png?x=1')).toBe('café.png')
    expect(fileNameFromUrl('/api/uploads/files/k3y/bad%E0.txt')).toBe('bad%E0.txt')
  })

  it('blocks a send while a file uploads, after one failed, and for files without text', () => {
    const ok = { status: 'success' as const }
    expect(draftSendBlock('Hi', [])).toBeNull()
    expect(draftSendBlock('', [])).toBeNull()
    expect(draftSendBlock('Hi', [ok, { status: 'pending' }])).toBe('uploading')
    expect(draftSendBlock('Hi', [ok, { status: 'failed' }])).toBe('failed')
    expect(draftSendBlock('  ', [ok])).toBe('needsText')
    expect(draftSendBlock('Read this', [ok])).toBeNull()
  })
})
