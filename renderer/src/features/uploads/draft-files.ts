import {
  isAcceptedFileName,
  isImageFileName,
  MAX_DRAFT_FILES,
  MAX_UPLOAD_BYTES,
  sanitizeFileName,
} from '../../../../contract/uploads'
import type { UploadFileOptions } from '../../api/uploads'

/*
 * The draft's files (spec 1 §3 'Draft: files (id, file, url, status)', §4 'Upload draft: pending, then
 * success or failed'). Part of the chat store: it mutates the draft proxy it is given and owns the I/O
 * around it (uploads, their abort controllers, preview object URLs). The File objects stay here, outside
 * the proxy: nothing renders them.
 */

export type DraftFileStatus = 'pending' | 'success' | 'failed'

export interface DraftFile {
  id: string
  /** The sanitised name (spec 1 §5): what is shown and uploaded. */
  name: string
  size: number
  /** An object URL of the file itself, for jpeg and png only (spec 1 §5: previewed as images). */
  previewUrl: string | null
  /** The uploaded file's address, once uploaded. */
  url: string | null
  status: DraftFileStatus
  /** Bytes uploaded so far (it moves as parts finish). */
  sentBytes: number
}

/** Why a file was not added: the component says so in a toast. */
export type FileRefusal = { reason: 'type' | 'size'; name: string } | { reason: 'count' }

export interface DraftFilesDeps {
  uploadFile: (file: File, options: UploadFileOptions) => Promise<string>
  newId: () => string
  createPreviewUrl: (file: File) => string
  revokePreviewUrl: (url: string) => void
  /** spec 1 §8: failed uploads are reported. */
  report: (message: string, error: unknown) => void
}

/** Files a send took out of the draft: put back when the server refuses the message, else let go. */
export interface TakenFiles {
  urls: string[]
  restore: () => void
  release: () => void
}

export function createDraftFiles(draft: { files: DraftFile[] }, deps: DraftFilesDeps) {
  const sources = new Map<string, { file: File; controller: AbortController | null }>()
  const find = (id: string) => draft.files.find((f) => f.id === id)

  /** A file leaves the draft for good: its upload stops and its preview is freed. */
  const dispose = (item: Pick<DraftFile, 'id' | 'previewUrl'>) => {
    sources.get(item.id)?.controller?.abort()
    sources.delete(item.id)
    if (item.previewUrl) deps.revokePreviewUrl(item.previewUrl)
  }

  function upload(id: string) {
    const source = sources.get(id)
    const item = find(id)
    if (!source || !item) return
    source.controller?.abort()
    const controller = new AbortController()
    source.controller = controller
    Object.assign(item, { status: 'pending', url: null, sentBytes: 0 })
    // After an abort (removed, retried, cleared) the outcome belongs to nobody.
    const live = () => (controller.signal.aborted ? undefined : find(id))
    deps
      .uploadFile(source.file, {
        signal: controller.signal,
        onProgress: (sentBytes) => {
          const current = live()
          if (current) current.sentBytes = sentBytes
        },
      })
      .then((url) => {
        const current = live()
        if (current) Object.assign(current, { status: 'success', url, sentBytes: current.size })
      })
      .catch((error: unknown) => {
        const current = live()
        if (!current) return
        deps.report(`Upload of ${current.name} failed`, error)
        current.status = 'failed'
      })
      .finally(() => {
        if (source.controller === controller) source.controller = null
      })
  }

  /** Adds files (spec 1 §5: accepted types only, at most MAX_DRAFT_FILES); each starts uploading at once. */
  function add(files: readonly File[]): FileRefusal[] {
    const refusals: FileRefusal[] = []
    for (const file of files) {
      const name = sanitizeFileName(file.name)
      if (!isAcceptedFileName(file.name)) refusals.push({ reason: 'type', name })
      else if (file.size > MAX_UPLOAD_BYTES) refusals.push({ reason: 'size', name })
      else if (draft.files.length >= MAX_DRAFT_FILES) {
        if (!refusals.some((r) => r.reason === 'count')) refusals.push({ reason: 'count' })
      } else {
        const id = deps.newId()
        sources.set(id, { file, controller: null })
        draft.files.push({
          id,
          name,
          size: file.size,
          previewUrl: isImageFileName(file.name) ? deps.createPreviewUrl(file) : null,
          url: null,
          status: 'pending',
          sentBytes: 0,
        })
        upload(id)
      }
    }
    return refusals
  }

  /** Removes a file; a pending upload is aborted. */
  function remove(id: string) {
    const index = draft.files.findIndex((f) => f.id === id)
    if (index < 0) return
    const [item] = draft.files.splice(index, 1)
    if (item) dispose(item)
  }

  function retry(id: string) {
    if (find(id)?.status === 'failed') upload(id)
  }

  function clear() {
    for (const item of draft.files.splice(0)) dispose(item)
  }

  function take(): TakenFiles {
    const taken = draft.files.splice(0).map((f) => ({ ...f }))
    let settled = false
    return {
      urls: taken.flatMap((f) => (f.url ? [f.url] : [])),
      restore: () => {
        if (settled) return
        settled = true
        // Files added meanwhile go after the restored ones; past the limit they are dropped.
        const merged = [...taken, ...draft.files.map((f) => ({ ...f }))]
        draft.files.splice(0, draft.files.length, ...merged.slice(0, MAX_DRAFT_FILES))
        for (const item of merged.slice(MAX_DRAFT_FILES)) dispose(item)
      },
      release: () => {
        if (settled) return
        settled = true
        for (const item of taken) dispose(item)
      },
    }
  }

  return { add, remove, retry, clear, take }
}

export type DraftFiles = ReturnType<typeof createDraftFiles>
