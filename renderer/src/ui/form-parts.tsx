import { Button, Dialog, Flex, Text } from '@radix-ui/themes'
import { type FormEvent, type ReactNode, useId, useState } from 'react'
import { toast } from 'sonner'

export interface ToastedSubmit {
  /** The loading toast while the work runs; success or failure then replace it. */
  loading: string
  success: string
  failure: string
  /** How long the success or failure toast stays (sonner's default when absent). */
  duration?: number
  /** Called after success (closing the dialog). On failure the form stays, with its input, to try again. */
  onDone: () => void
}

/**
 * The dialog forms' submit: once at a time, a loading toast replaced by success (then `onDone`) or by
 * failure (the form stays as it was). `submit(event, work)` does nothing while pending or when `work` is null.
 */
export function useToastedSubmit(messages: ToastedSubmit) {
  const [pending, setPending] = useState(false)
  const submit = async (event: FormEvent, work: (() => Promise<unknown>) | null) => {
    event.preventDefault()
    if (!work || pending) return
    setPending(true)
    const id = toast.loading(messages.loading)
    const options = messages.duration === undefined ? { id } : { id, duration: messages.duration }
    try {
      await work()
      toast.success(messages.success, options)
      messages.onDone()
    } catch {
      toast.error(messages.failure, options)
      setPending(false)
    }
  }
  return { pending, submit }
}

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

/** What a form field hands its control: its id, whether it is in error, and what describes it. */
export interface FieldControlProps {
  id: string
  'aria-invalid': boolean
  'aria-describedby': string | undefined
}

/**
 * A label tied to its control, an optional hint and character counter, and the field's error (announced,
 * and named by the control).
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
  const errorText = error ? (
    <Text size="1" color="red" id={errorId} role="alert">
      {error}
    </Text>
  ) : null
  return (
    <Flex direction="column" gap="1">
      <Text as="label" size="2" weight="medium" htmlFor={id}>
        {label}
      </Text>
      {children({ id, 'aria-invalid': !!error, 'aria-describedby': describedBy })}
      {counter ? (
        <Flex justify="between" gap="3" align="start">
          {errorText ?? <span />}
          <Text size="1" color={counter.over ? 'red' : 'gray'} id={counterId} className="form-field__counter">
            {counter.text}
          </Text>
        </Flex>
      ) : (
        errorText
      )}
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
