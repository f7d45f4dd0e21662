import { Flex, Text } from '@radix-ui/themes'
import { type ReactNode, useId } from 'react'

export interface ControlProps {
  id: string
  'aria-invalid': boolean
  'aria-describedby': string | undefined
}

/** A label tied to its control, a hint, and the field's error (announced, and named by the control). */
export function FormField({
  label,
  hint,
  error,
  children,
}: Readonly<{ label: string; hint?: string; error?: string; children: (props: ControlProps) => ReactNode }>) {
  const id = useId()
  const hintId = `${id}-hint`
  const errorId = `${id}-error`
  const describedBy = [error ? errorId : null, hint ? hintId : null].filter(Boolean).join(' ') || undefined
  return (
    <Flex direction="column" gap="1">
      <Text as="label" size="2" weight="medium" htmlFor={id}>
        {label}
      </Text>
      {children({ id, 'aria-invalid': !!error, 'aria-describedby': describedBy })}
      {error ? (
        <Text size="1" color="red" id={errorId} role="alert">
          {error}
        </Text>
      ) : null}
      {hint ? (
        <Text size="1" color="gray" id={hintId}>
          {hint}
        </Text>
      ) : null}
    </Flex>
  )
}
