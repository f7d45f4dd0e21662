import { Button, Card, Flex, Text } from '@radix-ui/themes'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { toast } from 'sonner'
import type { Announcement } from '../../../../contract/announcements'
import { activeLanguage } from '../../../../contract/i18n'
import { announcementsQuery, deleteAnnouncement } from '../../api/studio'
import { ConfirmDialog } from '../../ui/ConfirmDialog'
import { announcementsStrings as s } from './announcements.strings'

const dateTime = (iso: string) =>
  new Intl.DateTimeFormat(activeLanguage(), { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso))

/** The posted announcements, newest first: text, date, how many chats got it, and delete. */
export function AnnouncementList({ slug, items }: Readonly<{ slug: string; items: Announcement[] }>) {
  if (items.length === 0) return <Text color="gray">{s.empty}</Text>
  return (
    <ul className="announcements-list" aria-label={s.listLabel}>
      {items.map((item) => (
        <li key={item.id}>
          <Card>
            <Flex direction="column" gap="2">
              <Text className="announcements-text">{item.text}</Text>
              <Flex justify="between" align="center" gap="3" wrap="wrap">
                <Text size="1" color="gray">
                  <time dateTime={item.createdAt}>{dateTime(item.createdAt)}</time>
                  {' · '}
                  {s.delivered(item.deliveredCount)}
                </Text>
                <DeleteAnnouncement slug={slug} item={item} />
              </Flex>
            </Flex>
          </Card>
        </li>
      ))}
    </ul>
  )
}

/** Delete, after a confirmation: the copies leave the visitors' chats too. */
function DeleteAnnouncement({ slug, item }: Readonly<{ slug: string; item: Announcement }>) {
  const queryClient = useQueryClient()
  const c = s.confirmDelete
  const remove = useMutation({
    mutationFn: () => deleteAnnouncement(slug, item.id),
    onSuccess: async () => {
      toast.success(c.deleted)
      await queryClient.invalidateQueries({ queryKey: announcementsQuery(slug).queryKey })
    },
    onError: (error) => {
      console.warn('Delete announcement failed', error)
      toast.error(error.message || c.failed)
    },
  })
  return (
    <ConfirmDialog
      trigger={
        <Button variant="soft" color="red" size="1">
          {s.delete}
        </Button>
      }
      title={c.title}
      body={c.body}
      cancel={c.cancel}
      confirm={c.confirm}
      onConfirm={() => remove.mutate()}
      pending={remove.isPending}
    />
  )
}
