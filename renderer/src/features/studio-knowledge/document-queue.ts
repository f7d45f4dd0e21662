import { useEffect, useRef, useState } from 'react'
import type { KnowledgeSource } from '../../../../contract/studio-knowledge'
import { isAcceptedFileName, MAX_UPLOAD_BYTES, sanitizeFileName } from '../../../../contract/uploads'
import { serverMessageOr } from '../../api/client'
import { addDocumentSource } from '../../api/studio-knowledge'
import { uploadFileWithId } from '../../api/uploads'
import { knowledgeStrings as s } from './knowledge.strings'

/*
 * The files of the 'Upload documents' dialog: chosen, then each uploaded (progress as parts finish) and
 * added as a source, one after the other. A file that fails keeps its place with the reason and can be
 * tried again; one whose upload finished but whose adding failed is not uploaded twice.
 */

export type DocumentStatus = 'waiting' | 'uploading' | 'adding' | 'added' | 'failed'

export interface QueuedDocument {
  key: string
  file: File
  /** The sanitised name the upload gets (contract/uploads.ts), as the sources list will show it. */
  name: string
  size: number
  status: DocumentStatus
  sentBytes: number
  uploadId: string | null
  error: string | null
}

export type DocumentRefusal = { reason: 'type' | 'size'; name: string }

let nextKey = 0

/** Percent of a file sent, for its progress bar. */
export const percentSent = (doc: Pick<QueuedDocument, 'sentBytes' | 'size'>) =>
  doc.size === 0 ? 0 : Math.min(100, Math.round((doc.sentBytes / doc.size) * 100))

export const isToSend = (doc: QueuedDocument) => doc.status === 'waiting' || doc.status === 'failed'

export function useDocumentQueue(slug: string, onAdded: (source: KnowledgeSource) => void) {
  const [items, setItems] = useState<QueuedDocument[]>([])
  const [refusals, setRefusals] = useState<DocumentRefusal[]>([])
  const [running, setRunning] = useState(false)
  const itemsRef = useRef(items)
  itemsRef.current = items
  const controller = useRef<AbortController | null>(null)
  const onAddedRef = useRef(onAdded)
  onAddedRef.current = onAdded

  // Leaving the page stops the upload in flight (its outcome would belong to nobody).
  useEffect(() => () => controller.current?.abort(), [])

  const patch = (key: string, change: Partial<QueuedDocument>) =>
    setItems((list) => list.map((doc) => (doc.key === key ? { ...doc, ...change } : doc)))

  const add = (files: readonly File[]) => {
    const refused: DocumentRefusal[] = []
    const accepted: QueuedDocument[] = []
    for (const file of files) {
      const name = sanitizeFileName(file.name)
      if (!isAcceptedFileName(file.name)) refused.push({ reason: 'type', name: file.name })
      else if (file.size > MAX_UPLOAD_BYTES) refused.push({ reason: 'size', name: file.name })
      else {
        nextKey += 1
        accepted.push({
          key: `doc-${nextKey}`,
          file,
          name,
          size: file.size,
          status: 'waiting',
          sentBytes: 0,
          uploadId: null,
          error: null,
        })
      }
    }
    setRefusals(refused)
    setItems((list) => [...list, ...accepted])
  }

  const remove = (key: string) => setItems((list) => list.filter((doc) => doc.key !== key))

  /** Forgets the files already added (the sources list shows them now); the failed ones stay. */
  const clearAdded = () => {
    setItems((list) => list.filter((doc) => doc.status !== 'added'))
    setRefusals([])
  }

  const sendOne = async (doc: QueuedDocument, signal: AbortSignal) => {
    let uploadId = doc.uploadId
    if (!uploadId) {
      patch(doc.key, { status: 'uploading', sentBytes: 0, error: null })
      try {
        uploadId = (
          await uploadFileWithId(doc.file, {
            signal,
            onProgress: (sentBytes) => patch(doc.key, { sentBytes }),
          })
        ).uploadId
      } catch (error) {
        if (signal.aborted) return
        console.warn(`Upload of ${doc.name} failed`, error)
        patch(doc.key, { status: 'failed', error: serverMessageOr(error, s.documents.uploadFailed) })
        return
      }
    }
    patch(doc.key, { status: 'adding', sentBytes: doc.size, uploadId, error: null })
    try {
      const source = await addDocumentSource(slug, { uploadId })
      if (signal.aborted) return
      patch(doc.key, { status: 'added' })
      onAddedRef.current(source)
    } catch (error) {
      if (signal.aborted) return
      console.warn(`Adding ${doc.name} as a source failed`, error)
      patch(doc.key, { status: 'failed', error: serverMessageOr(error, s.documents.addFailed) })
    }
  }

  /** Sends every file not sent yet (or failed; a retry), one after the other. */
  const start = async (only?: string) => {
    if (controller.current) return
    const run = new AbortController()
    controller.current = run
    setRunning(true)
    setRefusals([])
    try {
      const queue = itemsRef.current.filter((doc) => isToSend(doc) && (!only || doc.key === only))
      for (const doc of queue) {
        if (run.signal.aborted) break
        // Removed from the list meanwhile: skip it.
        if (!itemsRef.current.some((d) => d.key === doc.key)) continue
        await sendOne(doc, run.signal)
      }
    } finally {
      if (controller.current === run) controller.current = null
      if (!run.signal.aborted) setRunning(false)
    }
  }

  return { items, refusals, running, add, remove, clearAdded, start }
}
