import { Button, Callout, Dialog, Flex } from '@radix-ui/themes'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { ComponentProps } from 'react'
import { toast } from 'sonner'
import type { KnowledgeSource } from '../../../../contract/studio-knowledge'
import { serverMessageOr } from '../../api/client'
import { sourcesQuery } from '../../api/studio-knowledge'
import { FormDialog } from '../../ui/FormDialog'
import { knowledgeStrings as s } from './knowledge.strings'
import { withSource } from './source-list'

/**
 * An add-source dialog. The form's draft lives with the caller, outside the dialog's content, so closing
 * it by mistake (Escape, a click outside) loses nothing; it is cleared only once the source is added.
 */
export function SourceDialog(props: Readonly<Omit<ComponentProps<typeof FormDialog>, 'className'>>) {
  return <FormDialog {...props} className="knowledge-dialog" />
}

/** The server's refusal (its own words when it gave some), then Cancel and the submit button. */
export function SourceFormFooter({
  error,
  submitLabel,
  pending,
}: Readonly<{ error: unknown; submitLabel: string; pending: boolean }>) {
  return (
    <Flex direction="column" gap="3">
      {error ? (
        <Callout.Root color="red" role="alert">
          <Callout.Text>{serverMessageOr(error, s.form.failed)}</Callout.Text>
        </Callout.Root>
      ) : null}
      <Flex gap="3" justify="end" wrap="wrap">
        <Dialog.Close>
          <Button type="button" variant="soft" color="gray">
            {s.form.cancel}
          </Button>
        </Dialog.Close>
        {/* Pressing it must not blur a field first: the error the blur shows would move the button away
            from under the pointer, and the click would be lost. */}
        <Button type="submit" loading={pending} onPointerDown={(event) => event.preventDefault()}>
          {submitLabel}
        </Button>
      </Flex>
    </Flex>
  )
}

/**
 * Sends one new source. On success: a toast, the caller's `onAdded` (close, clear the draft), and the list
 * shows it at once, queued. On failure the form stays as it was, with the reason.
 */
export function useAddSource<Input>(
  slug: string,
  send: (slug: string, input: Input) => Promise<KnowledgeSource>,
  onAdded: () => void,
) {
  const queryClient = useQueryClient()
  const key = sourcesQuery(slug).queryKey
  return useMutation({
    mutationFn: (input: Input) => send(slug, input),
    onSuccess: async (source) => {
      toast.success(s.form.added)
      onAdded()
      queryClient.setQueryData(key, (list) => withSource(list, source))
      await queryClient.invalidateQueries({ queryKey: key })
    },
    onError: (error) => console.warn('Add knowledge source failed', error),
  })
}
