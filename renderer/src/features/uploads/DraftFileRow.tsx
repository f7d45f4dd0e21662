import './uploads.css'
import { Button, IconButton, Progress } from '@radix-ui/themes'
import { partCount } from '../../../../contract/uploads'
import { CloseIcon } from '../../ui/icons'
import { FileIcon } from '../../ui/lazy-icons'
import { extensionLabel, formatFileSize } from './attachments'
import type { DraftFile } from './draft-files'
import { uploadStrings } from './uploads.strings'

export interface DraftFileActions {
  onRemove: (id: string) => void
  onRetry: (id: string) => void
}

/**
 * spec 1 §2 'Chat prompt: ... file row': the draft's files above the textarea. Every item has the same
 * height whatever its state, and the row scrolls sideways rather than wrap, so the textarea never moves.
 */
export function DraftFileRow({
  files,
  onRemove,
  onRetry,
}: Readonly<{ files: readonly DraftFile[] } & DraftFileActions>) {
  return (
    <ul className="draft-files plain-list" aria-label={uploadStrings.filesToSend}>
      {files.map((file) => (
        <li key={file.id} className={`draft-file draft-file--${file.status}`}>
          <DraftFileItem file={file} onRemove={onRemove} onRetry={onRetry} />
        </li>
      ))}
    </ul>
  )
}

function DraftFileItem({ file, onRemove, onRetry }: Readonly<{ file: DraftFile } & DraftFileActions>) {
  return (
    <>
      <span className="draft-file__preview" aria-hidden>
        {file.previewUrl ? <img src={file.previewUrl} alt="" /> : <FileIcon size={18} />}
      </span>
      <span className="draft-file__text">
        <span className="draft-file__name" title={file.name}>
          {file.name}
        </span>
        <DraftFileStatus file={file} onRetry={onRetry} />
      </span>
      <IconButton
        type="button"
        size="1"
        variant="ghost"
        color="gray"
        radius="full"
        className="draft-file__remove"
        aria-label={uploadStrings.remove(file.name)}
        onClick={() => onRemove(file.id)}
      >
        <CloseIcon size={14} />
      </IconButton>
      {file.status === 'pending' ? <UploadProgress file={file} /> : null}
    </>
  )
}

function DraftFileStatus({ file, onRetry }: Readonly<{ file: DraftFile; onRetry: (id: string) => void }>) {
  if (file.status === 'failed') {
    return (
      <span className="draft-file__meta draft-file__meta--failed">
        <span role="alert">{uploadStrings.uploadFailed}</span>
        <Button
          type="button"
          size="1"
          variant="ghost"
          color="red"
          className="draft-file__retry"
          aria-label={uploadStrings.retryFile(file.name)}
          onClick={() => onRetry(file.id)}
        >
          {uploadStrings.retry}
        </Button>
      </span>
    )
  }
  const meta = [extensionLabel(file.name), formatFileSize(file.size)].filter(Boolean).join(' · ')
  return (
    <span className="draft-file__meta">{file.status === 'pending' ? uploadStrings.uploading : meta}</span>
  )
}

/**
 * Parts report progress as they finish: a one-part file (under 30 MB, most of them) has no progress to
 * show until it is done, so its bar is indeterminate rather than stuck at 0.
 */
function UploadProgress({ file }: Readonly<{ file: DraftFile }>) {
  const measurable = partCount(file.size) > 1
  const value = measurable ? { value: Math.round((file.sentBytes / file.size) * 100) } : {}
  return (
    <Progress
      size="1"
      className="draft-file__progress"
      aria-label={uploadStrings.uploadingFile(file.name)}
      {...value}
    />
  )
}
