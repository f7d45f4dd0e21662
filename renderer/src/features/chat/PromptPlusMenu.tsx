import { DropdownMenu } from '@radix-ui/themes'
import { Slot } from 'radix-ui'
import { MessageIcon } from '../../ui/icons'
import { PlusIcon, UploadIcon } from '../../ui/lazy-icons'
import { useOnFirstUse } from '../../ui/on-first-use'
import { chatStrings } from './chat.strings'
import { PromptIconButton } from './PromptIconButton'

/**
 * spec 1 §2: the plus menu. 'Upload File' shows only where the clone takes files (spec 1 §5). The menu is
 * set up when first opened (ui/on-first-use.ts).
 */
export function PromptPlusMenu({
  onStartNewConversation,
  onUploadFile,
}: Readonly<{ onStartNewConversation: () => void; onUploadFile?: () => void }>) {
  const menu = useOnFirstUse('pointerdown')
  const trigger = (
    <PromptIconButton label={chatStrings.plusMenu} aria-haspopup="menu" aria-expanded={menu.open}>
      <PlusIcon size={18} />
    </PromptIconButton>
  )
  if (!menu.setUp) return <Slot.Root {...menu.triggerProps}>{trigger}</Slot.Root>
  return (
    <DropdownMenu.Root open={menu.open} onOpenChange={menu.onOpenChange}>
      <DropdownMenu.Trigger>{trigger}</DropdownMenu.Trigger>
      <DropdownMenu.Content size="2" side="top" align="start">
        {onUploadFile ? (
          <DropdownMenu.Item onSelect={onUploadFile}>
            <UploadIcon />
            {chatStrings.uploadFile}
          </DropdownMenu.Item>
        ) : null}
        <DropdownMenu.Item onSelect={onStartNewConversation}>
          <MessageIcon />
          {chatStrings.startNewConversation}
        </DropdownMenu.Item>
      </DropdownMenu.Content>
    </DropdownMenu.Root>
  )
}
