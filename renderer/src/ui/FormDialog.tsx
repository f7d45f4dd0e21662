import { Dialog } from '@radix-ui/themes'
import type { ReactNode } from 'react'

/**
 * A dialog holding one form, opened by its trigger (focus returns there on close): title, a grey
 * description, then the form. The caller owns `open`, so it closes the dialog once the form is saved.
 */
export function FormDialog({
  open,
  onOpenChange,
  trigger,
  title,
  description,
  maxWidth = '560px',
  className,
  children,
}: Readonly<{
  open: boolean
  onOpenChange: (open: boolean) => void
  trigger: ReactNode
  title: string
  description: string
  maxWidth?: string
  className?: string
  children: ReactNode
}>) {
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Trigger>{trigger}</Dialog.Trigger>
      <Dialog.Content maxWidth={maxWidth} className={className}>
        <Dialog.Title>{title}</Dialog.Title>
        <Dialog.Description size="2" color="gray" mb="4">
          {description}
        </Dialog.Description>
        {children}
      </Dialog.Content>
    </Dialog.Root>
  )
}
