import { Button, Flex } from '@radix-ui/themes'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { toast } from 'sonner'
import type { KnowledgeSource } from '../../../../contract/studio-knowledge'
import { serverMessageOr } from '../../api/client'
import { removeSource, rereadSource, sourcesQuery } from '../../api/studio-knowledge'
import { ConfirmDialog } from '../../ui/ConfirmDialog'
import { knowledgeStrings as s } from './knowledge.strings'
import { withoutSource, withSource } from './source-list'

const c = s.confirmRemove

/**
 * Re-read (not while it is waiting or being read; not for the seed's sources) and Remove, after a
 * confirmation.
 */
export function SourceActions({
  slug,
  source,
  title,
}: Readonly<{ slug: string; source: KnowledgeSource; title: string }>) {
  const queryClient = useQueryClient()
  const key = sourcesQuery(slug).queryKey
  const reread = useMutation({
    mutationFn: () => rereadSource(slug, source.id),
    onSuccess: async (updated) => {
      toast.success(s.rereadDone(title))
      queryClient.setQueryData(key, (list) => withSource(list, updated))
      await queryClient.invalidateQueries({ queryKey: key })
    },
    onError: (error) => {
      console.warn('Re-read source failed', error)
      toast.error(serverMessageOr(error, s.rereadFailed))
    },
  })
  const remove = useMutation({
    mutationFn: () => removeSource(slug, source.id),
    onSuccess: async () => {
      toast.success(c.removed(title))
      queryClient.setQueryData(key, (list) => withoutSource(list, source.id))
      await queryClient.invalidateQueries({ queryKey: key })
    },
    onError: (error) => {
      console.warn('Remove source failed', error)
      toast.error(serverMessageOr(error, c.failed))
    },
  })
  const busy = source.state === 'queued' || source.state === 'reading'

  return (
    <Flex gap="2">
      {/* The seed's sources and revisions made from a conversation (no kind) are not read from anything. */}
      {source.kind === null ? null : (
        <Button
          size="1"
          variant="soft"
          color="gray"
          aria-label={s.rereadLabel(title)}
          disabled={busy || reread.isPending}
          loading={reread.isPending}
          onClick={() => reread.mutate()}
        >
          {s.reread}
        </Button>
      )}
      <ConfirmDialog
        trigger={
          <Button
            size="1"
            variant="soft"
            color="red"
            aria-label={s.removeLabel(title)}
            loading={remove.isPending}
          >
            {s.remove}
          </Button>
        }
        title={c.title(title)}
        body={c.body}
        cancel={c.cancel}
        confirm={c.confirm}
        onConfirm={() => remove.mutate()}
      />
    </Flex>
  )
}
