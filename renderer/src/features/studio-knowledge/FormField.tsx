import { Flex, Text } from '@radix-ui/themes'
import { type ReactNode, useId } from 'react'

export interface FieldControlProps {
  id: string
  'aria-invalid': boolean
  'aria-describedby': string | undefined
}

/**
 * A label tied to its control, an optional hint and character counter, and the field's error (announced,
 * and named by the control), as the add-source dialogs show them.
 */
export function FormField({
  label,
  hint,
  counter,
  error,
  children,
}: Readonly<{
  label: string
  hint?: string
  counter?: { text: string; over: boolean }
  error?: string
  children: (props: FieldControlProps) => ReactNode
}>) {
  const id = useId()
  const hintId = `${id}-hint`
  const errorId = `${id}-error`
  const counterId = `${id}-counter`
  const describedBy =
    [error ? errorId : null, hint ? hintId : null, counter ? counterId : null].filter(Boolean).join(' ') ||
    undefined
  return (
    <Flex direction="column" gap="1">
      <Text as="label" size="2" weight="medium" htmlFor={id}>
        {label}
      </Text>
      {children({ id, 'aria-invalid': !!error, 'aria-describedby': describedBy })}
      {error || counter ? (
        <Flex justify="between" gap="3" align="start">
          {error ? (
            <Text size="1" color="red" id={errorId} role="alert">
              {error}
            </Text>
          ) : (
            <span />
          )}
          {counter ? (
            <Text size="1" color={counter.over ? 'red' : 'gray'} id={counterId} className="knowledge-counter">
              {counter.text}
            </Text>
          ) : null}
        </Flex>
      ) : null}
      {hint ? (
        <Text size="1" color="gray" id={hintId}>
          {hint}
        </Text>
      ) : null}
    </Flex>
  )
}

/** After a refused submit: the first field in error takes the focus (once React has marked it). */
export function focusFirstInvalid(form: HTMLFormElement) {
  setTimeout(() => form.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus())
}
