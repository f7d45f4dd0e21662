import { Button, Flex, Text, TextArea } from '@radix-ui/themes'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useId, useState } from 'react'
import { toast } from 'sonner'
import { MAX_ANNOUNCEMENT_LENGTH } from '../../../../contract/announcements'
import { announcementsQuery, postAnnouncement } from '../../api/studio'
import { announcementsStrings as s } from './announcements.strings'

/** The compose box: a counter, ⌘/Ctrl+Enter posts, disabled while empty, too long or posting. */
export function AnnouncementComposer({ slug }: Readonly<{ slug: string }>) {
  const queryClient = useQueryClient()
  const [text, setText] = useState('')
  const ids = { hint: useId(), counter: useId() }
  const trimmed = text.trim()
  const tooLong = trimmed.length > MAX_ANNOUNCEMENT_LENGTH
  const post = useMutation({
    mutationFn: () => postAnnouncement(slug, { text: trimmed }),
    onSuccess: async (announcement) => {
      setText('')
      toast.success(s.posted(announcement.deliveredCount))
      await queryClient.invalidateQueries({ queryKey: announcementsQuery(slug).queryKey })
    },
    onError: (error) => {
      console.warn('Post announcement failed', error)
      toast.error(error.message || s.postFailed)
    },
  })
  const canPost = trimmed.length > 0 && !tooLong && !post.isPending
  const submit = () => {
    if (canPost) post.mutate()
  }

  return (
    <form
      onSubmit={(event) => {
        event.preventDefault()
        submit()
      }}
    >
      <Flex direction="column" gap="2">
        <Text as="label" htmlFor={`${ids.hint}-text`} weight="medium">
          {s.composeLabel}
        </Text>
        <TextArea
          id={`${ids.hint}-text`}
          value={text}
          rows={4}
          placeholder={s.placeholder}
          aria-describedby={`${ids.hint} ${ids.counter}`}
          aria-invalid={tooLong}
          onChange={(event) => setText(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter' && (event.metaKey || event.ctrlKey)) {
              event.preventDefault()
              submit()
            }
          }}
        />
        <Flex justify="between" align="center" gap="3" wrap="wrap">
          <Text id={ids.hint} size="1" color={tooLong ? 'red' : 'gray'}>
            {tooLong ? s.tooLong(MAX_ANNOUNCEMENT_LENGTH) : s.shortcut}
          </Text>
          <Flex align="center" gap="3">
            <Text id={ids.counter} size="1" color={tooLong ? 'red' : 'gray'}>
              {s.counter(trimmed.length, MAX_ANNOUNCEMENT_LENGTH)}
            </Text>
            <Button type="submit" disabled={!canPost} loading={post.isPending}>
              {s.post}
            </Button>
          </Flex>
        </Flex>
      </Flex>
    </form>
  )
}
