import { activeLanguage } from '../../../../contract/i18n'
import { ACCEPTED_EXTENSIONS, extensionOf } from '../../../../contract/uploads'
import { uploadStrings } from './uploads.strings'

/** Pure helpers of the attachments (spec 1 §5 'Attachments'). */

/** The file picker's `accept`, from the accepted extensions. */
export const ACCEPT_ATTRIBUTE = ACCEPTED_EXTENSIONS.map((ext) => `.${ext}`).join(',')

/** A size's number in the interface language: one decimal under 10, else whole ('3.4', '200'). */
const sizeNumber = (value: number, decimals: 0 | 1) =>
  new Intl.NumberFormat(activeLanguage(), {
    minimumFractionDigits: decimals,
    maximumFractionDigits: decimals,
    useGrouping: false,
  }).format(value)

/** '512 B', '12 KB', '3.4 MB': what a file card shows. */
export function formatFileSize(bytes: number): string {
  const size = uploadStrings.fileSize
  if (bytes < 1024) return size.bytes(sizeNumber(bytes, 0))
  const kb = bytes / 1024
  if (kb < 1024) return size.kilobytes(sizeNumber(kb, kb < 10 ? 1 : 0))
  const mb = kb / 1024
  return size.megabytes(sizeNumber(mb, mb < 10 ? 1 : 0))
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

/** Why a send is blocked, in words: each read in the active language when it is shown. */
export const sendBlockText: Readonly<Record<SendBlock, string>> = {
  get uploading() {
    return uploadStrings.waitForUploads
  },
  get failed() {
    return uploadStrings.fixFailedUploads
  },
  get needsText() {
    return uploadStrings.addText
  },
}
