import { AlertDialog, Button, Dialog, Flex, Text, TextField } from '@radix-ui/themes'
import { type FormEvent, useId, useState } from 'react'
import type { ConversationListItem } from '../../../../contract/chat'
import { historyStrings } from './history.strings'
import { titleProblem } from './title-rules'

/** spec 1 §2 'Dialogs: rename': 1 to 100 characters; Save stays disabled until the title is valid. */
export function RenameDialog({
  item,
  onRename,
  onClose,
}: Readonly<{ item: ConversationListItem; onRename: (title: string) => void; onClose: () => void }>) {
  const [title, setTitle] = useState(item.title)
  const fieldId = useId()
  const problem = titleProblem(title)
  const submit = (event: FormEvent) => {
    event.preventDefault()
    if (problem) return
    onRename(title.trim())
  }
  return (
    <Dialog.Root open onOpenChange={(open) => (open ? undefined : onClose())}>
      <Dialog.Content maxWidth="420px">
        <Dialog.Title>{historyStrings.renameTitle}</Dialog.Title>
        <Dialog.Description size="2" color="gray" mb="3">
          {historyStrings.renameDescription}
        </Dialog.Description>
        <form onSubmit={submit} noValidate>
          <Text as="label" htmlFor={fieldId} size="2" weight="medium">
            {historyStrings.titleLabel}
          </Text>
          <TextField.Root
            id={fieldId}
            mt="1"
            value={title}
            onChange={(e) => setTitle(e.target.value)}
            aria-invalid={problem ? true : undefined}
            autoFocus
          />
          {problem ? (
            <Text as="p" size="1" color="red" mt="1" role="alert">
              {problem}
            </Text>
          ) : null}
          <Flex gap="3" mt="4" justify="end">
            <Dialog.Close>
              <Button type="button" variant="soft" color="gray">
                {historyStrings.cancel}
              </Button>
            </Dialog.Close>
            <Button type="submit" disabled={!!problem}>
              {historyStrings.save}
            </Button>
          </Flex>
        </form>
      </Dialog.Content>
    </Dialog.Root>
  )
}

/** spec 1 §2 'Dialogs: archive confirm'. */
export function ArchiveDialog({
  item,
  onArchive,
  onClose,
}: Readonly<{ item: ConversationListItem; onArchive: () => void; onClose: () => void }>) {
  return (
    <AlertDialog.Root open onOpenChange={(open) => (open ? undefined : onClose())}>
      <AlertDialog.Content maxWidth="420px">
        <AlertDialog.Title>{historyStrings.archiveTitle}</AlertDialog.Title>
        <AlertDialog.Description size="2">
          {historyStrings.archiveDescription(item.title)}
        </AlertDialog.Description>
        <Flex gap="3" mt="4" justify="end">
          <AlertDialog.Cancel>
            <Button variant="soft" color="gray">
              {historyStrings.cancel}
            </Button>
          </AlertDialog.Cancel>
          <AlertDialog.Action>
            <Button color="red" onClick={onArchive}>
              {historyStrings.archiveConfirm}
            </Button>
          </AlertDialog.Action>
        </Flex>
      </AlertDialog.Content>
    </AlertDialog.Root>
  )
}
