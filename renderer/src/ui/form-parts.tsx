import { Button, Dialog, Flex, Text } from '@radix-ui/themes'
import type { ReactNode } from 'react'

/** A form field's visible label, tied to its control by id. */
export function FieldLabel({ htmlFor, children }: Readonly<{ htmlFor: string; children: ReactNode }>) {
  return (
    <Text as="label" htmlFor={htmlFor} style={{ display: 'block' }} size="2" weight="medium" mb="1">
      {children}
    </Text>
  )
}

/** A dialog form's footer: Cancel closes the dialog, submit stays disabled until the form is valid. */
export function DialogFormActions({
  cancelLabel,
  submitLabel,
  canSubmit,
  pending,
}: Readonly<{ cancelLabel: string; submitLabel: string; canSubmit: boolean; pending: boolean }>) {
  return (
    <Flex justify="end" gap="2" mt="4">
      <Dialog.Close>
        <Button type="button" variant="soft" color="gray">
          {cancelLabel}
        </Button>
      </Dialog.Close>
      <Button type="submit" disabled={!canSubmit || pending} loading={pending}>
        {submitLabel}
      </Button>
    </Flex>
  )
}
