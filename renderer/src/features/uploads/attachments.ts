import { ACCEPTED_EXTENSIONS, extensionOf } from '../../../../contract/uploads'
import { uploadStrings } from './uploads.strings'

/** Pure helpers of the attachments (spec 1 §5 'Attachments'). */

/** The file picker's `accept`, from the accepted extensions. */
export const ACCEPT_ATTRIBUTE = ACCEPTED_EXTENSIONS.map((ext) => `.${ext}`).join(',')

/** '512 B', '12 KB', '3.4 MB': what a file card shows. */
export function formatFileSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`
  const kb = bytes / 1024
  if (kb < 1024) return `${kb < 10 ? kb.toFixed(1) : Math.round(kb)} KB`
  const mb = kb / 1024
  return `${mb < 10 ? mb.toFixed(1) : Math.round(mb)} MB`
}

/** The upper-cased extension a file card shows ('PDF'), or '' when the name has none. */
export const extensionLabel = (fileName: string) => extensionOf(fileName).toUpperCase()

/** A sent file's name: the last segment of its address ('/api/uploads/files/<key>/<name>'). */
export function fileNameFromUrl(url: string): string {
  let path: string
  try {
    path = new URL(url, 'http://localhost').pathname
  } catch {
    path = url
  }
  const last = path.split('/').filter(Boolean).at(-1) ?? ''
  try {
    return decodeURIComponent(last)
  } catch {
    return last
  }
}

export type SendBlock = 'uploading' | 'failed' | 'needsText'

/**
 * Why a draft with files cannot be sent yet, or null. spec 1 §4: not while a file is pending; a failed
 * file must be retried or removed first (sending without it would drop it silently); and the message
 * still needs text (the outbound message's text is required).
 */
export function draftSendBlock(
  text: string,
  files: readonly { status: 'pending' | 'success' | 'failed' }[],
): SendBlock | null {
  if (files.some((f) => f.status === 'pending')) return 'uploading'
  if (files.some((f) => f.status === 'failed')) return 'failed'
  if (files.length > 0 && !text.trim()) return 'needsText'
  return null
}

export const sendBlockText: Record<SendBlock, string> = {
  uploading: uploadStrings.waitForUploads,
  failed: uploadStrings.fixFailedUploads,
  needsText: uploadStrings.addText,
}
