import { AlertDialog, Button, Flex } from '@radix-ui/themes'
import type { ReactNode } from 'react'

/**
 * 'Are you sure?' before removing something: the trigger (a button) opens it; Cancel closes it and so does
 * the red confirm button, which runs `onConfirm`. `pending` shows the confirm button loading.
 */
export function ConfirmDialog({
  trigger,
  title,
  body,
  cancel,
  confirm,
  onConfirm,
  pending = false,
}: Readonly<{
  trigger: ReactNode
  title: string
  body: string
  cancel: string
  confirm: string
  onConfirm: () => void
  pending?: boolean
}>) {
  return (
    <AlertDialog.Root>
      <AlertDialog.Trigger>{trigger}</AlertDialog.Trigger>
      <AlertDialog.Content maxWidth="440px">
        <AlertDialog.Title>{title}</AlertDialog.Title>
        <AlertDialog.Description size="2">{body}</AlertDialog.Description>
        <Flex gap="3" mt="4" justify="end" wrap="wrap">
          <AlertDialog.Cancel>
            <Button variant="soft" color="gray">
              {cancel}
            </Button>
          </AlertDialog.Cancel>
          <AlertDialog.Action>
            <Button color="red" loading={pending} onClick={onConfirm}>
              {confirm}
            </Button>
          </AlertDialog.Action>
        </Flex>
      </AlertDialog.Content>
    </AlertDialog.Root>
  )
}
