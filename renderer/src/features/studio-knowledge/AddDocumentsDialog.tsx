import { Button, Callout, Dialog, Flex, IconButton, Progress, Text } from '@radix-ui/themes'
import { useQueryClient } from '@tanstack/react-query'
import { type ReactNode, useRef, useState } from 'react'
import { toast } from 'sonner'
import { ACCEPTED_EXTENSIONS } from '../../../../contract/uploads'
import { sourcesQuery } from '../../api/studio-knowledge'
import { FileIcon } from '../../ui/lazy-icons'
import { isToSend, percentSent, type QueuedDocument, useDocumentQueue } from './document-queue'
import { knowledgeStrings as s } from './knowledge.strings'
import { SourceDialog } from './SourceDialog'
import { withSource } from './source-list'

const d = s.documents
const ACCEPT = ACCEPTED_EXTENSIONS.map((ext) => `.${ext}`).join(',')
const ACCEPTED_LIST = ACCEPTED_EXTENSIONS.map((ext) => ext.toUpperCase()).join(', ')

const fileSize = (bytes: number) => {
  if (bytes < 1024) return `${bytes} B`
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`
}

/**
 * Upload several documents at once (every type chat attachments read). Closing the dialog does not stop
 * the uploads: they go on, and each file joins the sources list as soon as it is added.
 */
export function AddDocumentsDialog({ slug, trigger }: Readonly<{ slug: string; trigger: ReactNode }>) {
  const queryClient = useQueryClient()
  const [open, setOpen] = useState(false)
  const [dragging, setDragging] = useState(false)
  const input = useRef<HTMLInputElement>(null)
  const key = sourcesQuery(slug).queryKey
  const queue = useDocumentQueue(slug, (source) => {
    queryClient.setQueryData(key, (list) => withSource(list, source))
    void queryClient.invalidateQueries({ queryKey: key })
  })
  const toSend = queue.items.filter(isToSend)
  const failed = queue.items.filter((doc) => doc.status === 'failed')
  const added = queue.items.filter((doc) => doc.status === 'added')
  const allAdded = queue.items.length > 0 && added.length === queue.items.length

  const close = () => {
    if (!queue.running) queue.clearAdded()
    if (allAdded) toast.success(d.allAdded(added.length))
    setOpen(false)
  }

  return (
    <SourceDialog
      open={open}
      onOpenChange={(next) => (next ? setOpen(true) : close())}
      trigger={trigger}
      title={d.title}
      description={d.description}
    >
      <Flex direction="column" gap="4">
        {/* Dropping files is a shortcut for the mouse; the button inside is the way for everyone. */}
        {/* biome-ignore lint/a11y/noStaticElementInteractions: a drop target only, see above */}
        <div
          className="knowledge-drop"
          data-dragging={dragging || undefined}
          onDragOver={(event) => {
            event.preventDefault()
            setDragging(true)
          }}
          onDragLeave={() => setDragging(false)}
          onDrop={(event) => {
            event.preventDefault()
            setDragging(false)
            queue.add([...event.dataTransfer.files])
          }}
        >
          <FileIcon size={24} aria-hidden="true" />
          <Button type="button" variant="soft" onClick={() => input.current?.click()}>
            {queue.items.length > 0 ? d.chooseMore : d.choose}
          </Button>
          <Text size="1" color="gray" align="center">
            {d.accepted(ACCEPTED_LIST)}
          </Text>
          <input
            ref={input}
            type="file"
            multiple
            accept={ACCEPT}
            hidden
            aria-label={d.fileLabel}
            onChange={(event) => {
              queue.add([...(event.target.files ?? [])])
              event.target.value = ''
            }}
          />
        </div>

        {queue.refusals.length > 0 ? (
          <Callout.Root color="amber" role="alert">
            {queue.refusals.map((r) => (
              <Callout.Text key={`${r.reason}-${r.name}`}>
                {r.reason === 'type' ? d.refusedType(r.name) : d.refusedSize(r.name)}
              </Callout.Text>
            ))}
          </Callout.Root>
        ) : null}

        {queue.items.length > 0 ? (
          <ul className="plain-list knowledge-files" aria-label={d.listLabel}>
            {queue.items.map((doc) => (
              <DocumentRow
                key={doc.key}
                doc={doc}
                running={queue.running}
                onRemove={() => queue.remove(doc.key)}
                onRetry={() => void queue.start(doc.key)}
              />
            ))}
          </ul>
        ) : (
          <Text size="2" color="gray">
            {d.nothing}
          </Text>
        )}

        <Flex gap="3" justify="end" wrap="wrap">
          {allAdded ? (
            <Button type="button" onClick={close}>
              {d.done}
            </Button>
          ) : (
            <>
              <Dialog.Close>
                <Button type="button" variant="soft" color="gray">
                  {queue.running ? s.form.close : s.form.cancel}
                </Button>
              </Dialog.Close>
              <Button
                type="button"
                disabled={toSend.length === 0 || queue.running}
                loading={queue.running}
                onClick={() => void queue.start()}
              >
                {failed.length > 0 && failed.length === toSend.length ? d.retryAll : d.submit(toSend.length)}
              </Button>
            </>
          )}
        </Flex>
      </Flex>
    </SourceDialog>
  )
}

function DocumentRow({
  doc,
  running,
  onRemove,
  onRetry,
}: Readonly<{ doc: QueuedDocument; running: boolean; onRemove: () => void; onRetry: () => void }>) {
  const percent = percentSent(doc)
  let status: ReactNode
  if (doc.status === 'waiting') status = <Text color="gray">{d.waiting}</Text>
  else if (doc.status === 'uploading') status = <Text color="gray">{d.uploading(percent)}</Text>
  else if (doc.status === 'adding') status = <Text color="gray">{d.adding}</Text>
  else if (doc.status === 'added') status = <Text color="green">{d.added}</Text>
  else status = <Text color="red">{d.failed(doc.error ?? d.uploadFailed)}</Text>

  return (
    <li className="knowledge-file" data-status={doc.status}>
      <Flex justify="between" align="start" gap="3">
        <Flex direction="column" gap="1" minWidth="0" flexGrow="1">
          <Text size="2" weight="medium" className="knowledge-file__name">
            {doc.name}
          </Text>
          <Text size="1" aria-live="polite">
            <Text color="gray">{fileSize(doc.size)}</Text> · {status}
          </Text>
        </Flex>
        {doc.status === 'failed' ? (
          <Button
            type="button"
            size="1"
            variant="soft"
            disabled={running}
            aria-label={d.retryLabel(doc.name)}
            onClick={onRetry}
          >
            {d.retry}
          </Button>
        ) : null}
        {doc.status === 'waiting' || doc.status === 'failed' ? (
          <IconButton
            type="button"
            size="1"
            variant="ghost"
            color="gray"
            aria-label={d.removeFile(doc.name)}
            onClick={onRemove}
          >
            <span aria-hidden="true">×</span>
          </IconButton>
        ) : null}
      </Flex>
      {doc.status === 'uploading' || doc.status === 'adding' ? (
        <Progress
          size="1"
          mt="2"
          value={doc.status === 'adding' ? 100 : percent}
          aria-label={d.uploading(percent)}
        />
      ) : null}
    </li>
  )
}
