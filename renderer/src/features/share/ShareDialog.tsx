import { Dialog, Flex, IconButton, Spinner, Text, TextField } from '@radix-ui/themes'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useParams } from '@tanstack/react-router'
import { useEffect, useId, useRef } from 'react'
import { toast } from 'sonner'
import { PRODUCT_NAME } from '../../../../contract/product'
import { cloneQuery } from '../../api/clones'
import { invalidateConversation, shareConversation } from '../../api/history'
import { closeDialog } from '../../navigation/dialogs.store'
import { CloseIcon } from '../../ui/icons'
import { copyShareLink } from './copy-link'
import { ShareMoreLinks } from './ShareMoreLinks'
import { ShareRow } from './ShareRow'
import { shareStrings } from './share.strings'

const SHARE_TOAST_ID = 'share-conversation'

const nativeShareOf = () =>
  typeof navigator !== 'undefined' && typeof navigator.share === 'function'
    ? navigator.share.bind(navigator)
    : null

/**
 * spec 1 §2 'Dialogs: share': makes (or reuses) the conversation's public link, then offers the share row.
 * 'Sharing conversation...' while the link is made; on failure 'Failed to share conversation' and it closes.
 */
export function ShareDialog({ conversationId }: Readonly<{ conversationId: string }>) {
  const queryClient = useQueryClient()
  const fieldId = useId()
  const params = useParams({ strict: false }) as { slug?: string; instanceSlug?: string }
  const clone = useQuery({ ...cloneQuery(params.slug ?? '', params.instanceSlug), enabled: !!params.slug })
  const share = useMutation({
    mutationFn: () => shareConversation(conversationId),
    onMutate: () => {
      toast.loading(shareStrings.sharing, { id: SHARE_TOAST_ID })
    },
    onSuccess: () => {
      toast.dismiss(SHARE_TOAST_ID)
      void invalidateConversation(queryClient, conversationId)
    },
    onError: () => {
      toast.error(shareStrings.shareFailed, { id: SHARE_TOAST_ID })
      closeDialog('share')
    },
  })

  const started = useRef(false)
  useEffect(() => {
    if (started.current) return
    started.current = true
    if (!conversationId) {
      toast.error(shareStrings.noConversation)
      closeDialog('share')
      return
    }
    share.mutate()
  }, [conversationId, share])

  const url = share.data?.shared.url ?? null
  const cloneName = clone.data?.name
  const text = cloneName
    ? shareStrings.shareText(cloneName, PRODUCT_NAME)
    : shareStrings.shareTextNoClone(PRODUCT_NAME)
  const content = url ? { url, text } : null

  return (
    <Dialog.Root open onOpenChange={(open) => (open ? undefined : closeDialog('share'))}>
      <Dialog.Content maxWidth="440px" className="share-dialog">
        <Flex justify="between" align="start" gap="3">
          <Dialog.Title mb="1">{shareStrings.title}</Dialog.Title>
          <Dialog.Close>
            <IconButton variant="ghost" color="gray" aria-label={shareStrings.close}>
              <CloseIcon />
            </IconButton>
          </Dialog.Close>
        </Flex>
        <Dialog.Description size="2" color="gray" mb="4">
          {shareStrings.description}
        </Dialog.Description>
        {content ? (
          <Flex direction="column" gap="4">
            <div>
              <Text as="label" htmlFor={fieldId} size="2" weight="medium">
                {shareStrings.linkLabel}
              </Text>
              <TextField.Root
                id={fieldId}
                mt="1"
                readOnly
                value={content.url}
                onFocus={(e) => e.currentTarget.select()}
              />
            </div>
            <ShareRow
              content={content}
              nativeShare={nativeShareOf()}
              onCopy={() => void copyShareLink(content.url)}
            />
            <ShareMoreLinks content={content} />
          </Flex>
        ) : (
          <Flex align="center" gap="2" role="status">
            <Spinner />
            <Text size="2" color="gray">
              {shareStrings.creatingLink}
            </Text>
          </Flex>
        )}
      </Dialog.Content>
    </Dialog.Root>
  )
}
