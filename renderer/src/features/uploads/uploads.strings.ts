import { defineStrings, msg } from '../../../../contract/i18n'
import { ANALYZING_FILE_TEXT, UPLOAD_FAILED_TEXT, UPLOADING_TEXT } from '../../../../contract/uploads'

/**
 * The attachments' user-facing texts (spec 1 §2, §5, §8 'Uploads'). The limits written out below
 * (the accepted types, 3 files, 100 MB) are contract/uploads.ts's ACCEPTED_EXTENSIONS, MAX_DRAFT_FILES and
 * MAX_UPLOAD_BYTES: test/unit/renderer/features/uploads/attachments.test.ts checks they still agree.
 */
export const uploadStrings = defineStrings('uploads', {
  // spec 1 §8 'Uploads' and §2 'Analyzing File', exactly as written there.
  uploading: UPLOADING_TEXT,
  uploadFailed: UPLOAD_FAILED_TEXT,
  analyzingFile: ANALYZING_FILE_TEXT,

  attachFiles: 'Attach files',
  attachedFiles: 'Attached files',
  /** The prompt's file row: named apart from a sent message's files. */
  filesToSend: 'Files to send',
  dropFiles: 'Drop files to attach them',
  uploadingFile: msg('Uploading {name}', 'name'),
  remove: msg('Remove {name}', 'name'),
  retry: 'Retry',
  retryFile: msg('Retry uploading {name}', 'name'),
  openImage: msg('Open {name}', 'name'),
  download: msg('Download {name}', 'name'),

  /** A file card's size: '512 B', '12 KB', '3.4 MB' ({size} is the number, written the reader's way). */
  fileSize: {
    bytes: msg('{size} B', 'size'),
    kilobytes: msg('{size} KB', 'size'),
    megabytes: msg('{size} MB', 'size'),
  },

  // Files the draft refuses (spec 1 §5 'Attachments'); the file types are their extensions, kept as they are.
  notAccepted: msg('{name} can’t be attached', 'name'),
  acceptedTypes: 'Attach PDF, DOCX, PPTX, XLSX, HTML, TXT, SRT, EPUB, MD, RTF, CSV, JPG, JPEG, PNG files.',
  tooMany: 'You can attach up to 3 files to a message.',
  tooLarge: msg('{name} is too large: files can be up to 100 MB.', 'name'),

  // Why the draft cannot be sent yet (spec 1 §4: sending is blocked while a file is pending).
  waitForUploads: 'Wait for your files to finish uploading',
  fixFailedUploads: 'Retry or remove the file that failed to upload',
  addText: 'Add a message to send with your files',
})
