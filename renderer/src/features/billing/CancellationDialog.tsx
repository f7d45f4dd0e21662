import { Button, Checkbox, Dialog, Flex, Text, TextArea } from '@radix-ui/themes'
import { useState } from 'react'
import {
  CANCELLATION_REASONS,
  type CancellationReason,
  cancellationError,
  cancellationReasonText,
  joinReasons,
} from './billing'
import { billingStrings } from './billing.strings'

/** spec 1 §5 'Cancellation': at least one reason checked and an additional reason of at least 5 words. */
export function CancellationDialog({
  open,
  busy,
  onOpenChange,
  onSubmit,
}: Readonly<{
  open: boolean
  busy: boolean
  onOpenChange: (open: boolean) => void
  /** Receives the reasons joined by '; '. */
  onSubmit: (reason: string) => void
}>) {
  // The reasons checked, by key: their texts are read when shown and when sent.
  const [checked, setChecked] = useState<CancellationReason[]>([])
  const [additional, setAdditional] = useState('')
  const [error, setError] = useState<string | null>(null)
  const toggle = (reason: CancellationReason, on: boolean) =>
    setChecked((prev) => (on ? [...prev, reason] : prev.filter((r) => r !== reason)))
  const submit = (event: React.FormEvent) => {
    event.preventDefault()
    const reasons = checked.map(cancellationReasonText)
    const problem = cancellationError(reasons, additional)
    setError(problem)
    if (!problem) onSubmit(joinReasons(reasons, additional))
  }
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Content maxWidth="440px">
        <Dialog.Title>{billingStrings.cancelTitle}</Dialog.Title>
        <Dialog.Description size="2" color="gray">
          {billingStrings.cancelDescription}
        </Dialog.Description>
        <form onSubmit={submit} noValidate>
          <Flex direction="column" gap="2" mt="3">
            {CANCELLATION_REASONS.map((reason) => (
              <Text as="label" size="2" key={reason}>
                <Flex gap="2" align="center">
                  <Checkbox
                    checked={checked.includes(reason)}
                    onCheckedChange={(value) => toggle(reason, value === true)}
                  />
                  {cancellationReasonText(reason)}
                </Flex>
              </Text>
            ))}
            <Text as="label" size="2" mt="2">
              {billingStrings.additionalReason}
              <TextArea mt="1" value={additional} onChange={(e) => setAdditional(e.target.value)} />
            </Text>
            {error ? (
              <Text color="red" size="2" role="alert">
                {error}
              </Text>
            ) : null}
            <Flex gap="2" justify="end" mt="2">
              <Dialog.Close>
                <Button type="button" variant="soft" color="gray">
                  {billingStrings.keepMembership}
                </Button>
              </Dialog.Close>
              <Button type="submit" color="red" loading={busy}>
                {billingStrings.continueCancel}
              </Button>
            </Flex>
          </Flex>
        </form>
      </Dialog.Content>
    </Dialog.Root>
  )
}
