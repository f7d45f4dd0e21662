import { describe, expect, it } from 'vitest'
import {
  extensionOf,
  isAcceptedFileName,
  isImageFileName,
  partCount,
  sanitizeFileName,
  UPLOAD_PART_BYTES,
} from '../../../contract/uploads'

describe('upload rules (spec 1 §5 Attachments, §9)', () => {
  it.each([
    ['My Holiday Photo.JPG', 'my-holiday-photo.jpg'],
    ['  --Résumé (final)!!.pdf', 'résumé-final.pdf'],
    // Decomposed (macOS) and composed names give the same result.
    ['Re\u0301sume\u0301.pdf', 'résumé.pdf'],
    ['___.txt', 'file.txt'],
    ['notes', 'notes'],
    ['日本語 メモ.md', '日本語-メモ.md'],
  ])('sanitises %j to %j', (input, output) => {
    expect(sanitizeFileName(input)).toBe(output)
  })

  it('knows the accepted types and which ones preview as images', () => {
    expect(extensionOf('a.b.CSV')).toBe('csv')
    expect(extensionOf('.png')).toBe('')
    for (const ok of ['a.pdf', 'a.docx', 'a.pptx', 'a.xlsx', 'a.html', 'a.txt', 'a.srt', 'a.epub', 'a.md']) {
      expect(isAcceptedFileName(ok), ok).toBe(true)
    }
    for (const ok of ['a.rtf', 'a.csv', 'a.jpg', 'a.jpeg', 'a.png'])
      expect(isAcceptedFileName(ok), ok).toBe(true)
    for (const no of ['a.exe', 'a.heic', 'a.gif', 'a', 'a.js']) expect(isAcceptedFileName(no), no).toBe(false)
    expect(isImageFileName('x.PNG')).toBe(true)
    expect(isImageFileName('x.pdf')).toBe(false)
  })

  it('sends files in parts of 31,457,280 bytes', () => {
    expect(UPLOAD_PART_BYTES).toBe(31_457_280)
    expect(partCount(0)).toBe(1)
    expect(partCount(UPLOAD_PART_BYTES)).toBe(1)
    expect(partCount(UPLOAD_PART_BYTES + 1)).toBe(2)
  })
})
