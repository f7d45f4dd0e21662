import { Badge, DropdownMenu, IconButton, Tooltip } from '@radix-ui/themes'
import { PlusIcon, UploadIcon } from '../../ui/chat-icons'
import { MessageIcon } from '../../ui/icons'
import { chatStrings } from './chat.strings'

/** spec 1 §2: the plus menu. Uploads arrive with their own issue; the item is shown, disabled, and says so. */
export function PromptPlusMenu({ onStartNewConversation }: Readonly<{ onStartNewConversation: () => void }>) {
  return (
    <DropdownMenu.Root>
      <DropdownMenu.Trigger>
        <IconButton
          type="button"
          size="2"
          variant="ghost"
          color="gray"
          radius="full"
          aria-label={chatStrings.plusMenu}
          className="chat-prompt__icon"
        >
          <PlusIcon size={18} />
        </IconButton>
      </DropdownMenu.Trigger>
      <DropdownMenu.Content size="2" side="top" align="start">
        <Tooltip content={chatStrings.uploadComingSoon} side="right">
          <DropdownMenu.Item disabled>
            <UploadIcon />
            {chatStrings.uploadFile}
            <Badge size="1" variant="soft" color="gray" ml="auto">
              {chatStrings.comingSoon}
            </Badge>
          </DropdownMenu.Item>
        </Tooltip>
        <DropdownMenu.Item onSelect={onStartNewConversation}>
          <MessageIcon />
          {chatStrings.startNewConversation}
        </DropdownMenu.Item>
      </DropdownMenu.Content>
    </DropdownMenu.Root>
  )
}
