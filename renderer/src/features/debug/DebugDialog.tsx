import { Button, Code, DataList, Dialog, Flex, IconButton } from '@radix-ui/themes'
import { useRef } from 'react'
import { toast } from 'sonner'
import type { ChatMessage } from '../../../../contract/chat'
import { CopyIcon } from '../../ui/lazy-icons'
import { Tooltip } from '../../ui/tooltip'
import { debugStrings as s } from './debug.strings'
import { debugRows } from './debug-format'

/** spec 1 §2 'Debug dialog' ('Debug Menu', staff only): the message's facts, each with a copy button. */
export function DebugDialog({ message, onClose }: Readonly<{ message: ChatMessage; onClose: () => void }>) {
  const closeRef = useRef<HTMLButtonElement>(null)
  const copy = async (text: string, copied: string) => {
    try {
      await navigator.clipboard.writeText(text)
      toast.success(copied)
    } catch {
      toast.error(s.copyFailed)
    }
  }
  return (
    <Dialog.Root open onOpenChange={(open) => (open ? undefined : onClose())}>
      <Dialog.Content
        maxWidth="480px"
        // Focus starts on Close rather than the first copy button, whose tooltip would open at once.
        onOpenAutoFocus={(event) => {
          event.preventDefault()
          closeRef.current?.focus()
        }}
      >
        <Dialog.Title>{s.title}</Dialog.Title>
        <Dialog.Description size="2" color="gray" mb="4">
          {s.description}
        </Dialog.Description>
        <DataList.Root orientation={{ initial: 'vertical', sm: 'horizontal' }} size="2">
          {debugRows(message).map((row) => (
            <DataList.Item key={row.key}>
              <DataList.Label minWidth="140px">{row.label}</DataList.Label>
              <DataList.Value>
                <Flex align="center" gap="2" width="100%" justify="between">
                  <Code variant="ghost" title={row.copyText}>
                    {row.value}
                  </Code>
                  <Tooltip content={s.copy(row.label)}>
                    <IconButton
                      size="1"
                      variant="ghost"
                      color="gray"
                      aria-label={s.copy(row.label)}
                      disabled={row.copyDisabled}
                      onClick={() => void copy(row.copyText, row.copiedToast)}
                    >
                      <CopyIcon size={14} />
                    </IconButton>
                  </Tooltip>
                </Flex>
              </DataList.Value>
            </DataList.Item>
          ))}
        </DataList.Root>
        <Flex justify="end" mt="4">
          <Dialog.Close>
            <Button ref={closeRef} variant="soft" color="gray">
              {s.close}
            </Button>
          </Dialog.Close>
        </Flex>
      </Dialog.Content>
    </Dialog.Root>
  )
}
