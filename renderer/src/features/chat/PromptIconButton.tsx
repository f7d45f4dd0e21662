import { IconButton } from '@radix-ui/themes'
import type { ComponentProps } from 'react'

/**
 * A round icon button of the chat prompt (the plus menu, the suggested questions). It passes every prop
 * and the ref through, so a Radix trigger can wrap it.
 */
export function PromptIconButton({
  label,
  ...props
}: Readonly<{ label: string } & Omit<ComponentProps<typeof IconButton>, 'aria-label'>>) {
  return (
    <IconButton
      type="button"
      size="2"
      variant="ghost"
      color="gray"
      radius="full"
      aria-label={label}
      className="chat-prompt__icon"
      {...props}
    />
  )
}
