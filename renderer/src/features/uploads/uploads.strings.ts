import {
  ACCEPTED_EXTENSIONS,
  ANALYZING_FILE_TEXT,
  MAX_DRAFT_FILES,
  MAX_UPLOAD_BYTES,
  UPLOAD_FAILED_TEXT,
  UPLOADING_TEXT,
} from '../../../../contract/uploads'

const acceptedList = ACCEPTED_EXTENSIONS.map((ext) => ext.toUpperCase()).join(', ')

/** The attachments' user-facing texts (spec 1 §2, §5, §8 'Uploads'). */
export const uploadStrings = {
  // spec 1 §8 'Uploads' and §2 'Analyzing File', exactly as written there.
  uploading: UPLOADING_TEXT,
  uploadFailed: UPLOAD_FAILED_TEXT,
  analyzingFile: ANALYZING_FILE_TEXT,

  attachFiles: 'Attach files',
  attachedFiles: 'Attached files',
  /** The prompt's file row: named apart from a sent message's files. */
  filesToSend: 'Files to send',
  dropFiles: 'Drop files to attach them',
  uploadingFile: (name: string) => `Uploading ${name}`,
  remove: (name: string) => `Remove ${name}`,
  retry: 'Retry',
  retryFile: (name: string) => `Retry uploading ${name}`,
  openImage: (name: string) => `Open ${name}`,
  download: (name: string) => `Download ${name}`,

  // Files the draft refuses (spec 1 §5 'Attachments').
  notAccepted: (name: string) => `${name} can’t be attached`,
  acceptedTypes: `Attach ${acceptedList} files.`,
  tooMany: `You can attach up to ${MAX_DRAFT_FILES} files to a message.`,
  tooLarge: (name: string) =>
    `${name} is too large: files can be up to ${Math.round(MAX_UPLOAD_BYTES / 1024 / 1024)} MB.`,

  // Why the draft cannot be sent yet (spec 1 §4: sending is blocked while a file is pending).
  waitForUploads: 'Wait for your files to finish uploading',
  fixFailedUploads: 'Retry or remove the file that failed to upload',
  addText: 'Add a message to send with your files',
} as const
