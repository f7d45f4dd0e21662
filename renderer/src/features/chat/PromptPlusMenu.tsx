import { DropdownMenu } from '@radix-ui/themes'
import { MessageIcon } from '../../ui/icons'
import { PlusIcon, UploadIcon } from '../../ui/lazy-icons'
import { chatStrings } from './chat.strings'
import { PromptIconButton } from './PromptIconButton'

/** spec 1 §2: the plus menu. 'Upload File' shows only where the clone takes files (spec 1 §5). */
export function PromptPlusMenu({
  onStartNewConversation,
  onUploadFile,
}: Readonly<{ onStartNewConversation: () => void; onUploadFile?: () => void }>) {
  return (
    <DropdownMenu.Root>
      <DropdownMenu.Trigger>
        <PromptIconButton label={chatStrings.plusMenu}>
          <PlusIcon size={18} />
        </PromptIconButton>
      </DropdownMenu.Trigger>
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
