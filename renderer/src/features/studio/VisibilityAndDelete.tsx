import { AlertDialog, Badge, Button, Flex, Text, TextField } from '@radix-ui/themes'
import { useQueryClient } from '@tanstack/react-query'
import { Link, useNavigate } from '@tanstack/react-router'
import { useState } from 'react'
import { toast } from 'sonner'
import type { CloneSettings } from '../../../../contract/studio-clones'
import { meQueryKey } from '../../api/auth'
import { serverMessageOr } from '../../api/client'
import { clonesQuery } from '../../api/clones'
import { deleteClone, studioClonesQuery, updateCloneSettings } from '../../api/studio-clones'
import { profileLink } from '../../navigation/clone-links'
import { SettingsSection } from './SettingsSections'
import { studioStrings } from './studio.strings'

const s = studioStrings.settings

/** Publish / Unpublish (issue #16): saved at once, whatever else the form holds. */
export function VisibilitySection({
  settings,
  editable,
  onSaved,
}: Readonly<{ settings: CloneSettings; editable: boolean; onSaved: (settings: CloneSettings) => void }>) {
  const queryClient = useQueryClient()
  const [pending, setPending] = useState(false)
  const onToggle = async () => {
    setPending(true)
    try {
      const saved = await updateCloneSettings(settings.slug, { public: !settings.public })
      void queryClient.invalidateQueries({ queryKey: clonesQuery().queryKey })
      void queryClient.invalidateQueries({ queryKey: studioClonesQuery().queryKey })
      toast.success(saved.public ? s.published : s.unpublished)
      onSaved(saved)
    } catch (error) {
      toast.error(serverMessageOr(error, s.publishFailed))
    } finally {
      setPending(false)
    }
  }
  return (
    <SettingsSection title={s.visibility} id="settings-visibility">
      <Flex gap="2" align="center" wrap="wrap">
        <Badge size="2" color={settings.public ? 'green' : 'gray'}>
          {settings.public ? studioStrings.home.public : studioStrings.home.private}
        </Badge>
        <Text size="2">{settings.public ? s.isPublic : s.isPrivate}</Text>
      </Flex>
      <Flex gap="3" wrap="wrap">
        {editable ? (
          <Button
            type="button"
            loading={pending}
            variant={settings.public ? 'soft' : 'solid'}
            color={settings.public ? 'gray' : undefined}
            onClick={() => void onToggle()}
          >
            {settings.public ? s.unpublish : s.publish}
          </Button>
        ) : null}
        <Button asChild variant="soft" color="gray">
          <Link {...profileLink(settings.slug)}>{s.viewProfile}</Link>
        </Button>
      </Flex>
    </SettingsSection>
  )
}

/** The creator's 'Delete clone', confirmed by typing the clone's address. */
export function DangerZone({ settings }: Readonly<{ settings: CloneSettings }>) {
  const queryClient = useQueryClient()
  const navigate = useNavigate()
  const [typed, setTyped] = useState('')
  const [pending, setPending] = useState(false)
  const confirmed = typed.trim().toLowerCase() === settings.slug

  const onDelete = async () => {
    if (!confirmed || pending) return
    setPending(true)
    try {
      await deleteClone(settings.slug, typed)
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: meQueryKey }),
        queryClient.invalidateQueries({ queryKey: studioClonesQuery().queryKey }),
        queryClient.invalidateQueries({ queryKey: clonesQuery().queryKey }),
      ])
      toast.success(s.deleted(settings.name))
      await navigate({ to: '/studio' })
    } catch (error) {
      toast.error(serverMessageOr(error, s.deleteFailed))
      setPending(false)
    }
  }

  return (
    <section className="studio-settings-section studio-danger-zone" aria-labelledby="settings-danger">
      <Text as="p" size="4" weight="bold" id="settings-danger" color="red" mb="2">
        {s.dangerZone}
      </Text>
      <Text as="p" size="2" color="gray" mb="3">
        {s.deleteBody}
      </Text>
      <AlertDialog.Root onOpenChange={(open) => !open && setTyped('')}>
        <AlertDialog.Trigger>
          <Button type="button" color="red" variant="soft">
            {s.deleteClone}
          </Button>
        </AlertDialog.Trigger>
        <AlertDialog.Content maxWidth="440px">
          <AlertDialog.Title>{s.deleteTitle(settings.name)}</AlertDialog.Title>
          <AlertDialog.Description size="2">{s.deleteBody}</AlertDialog.Description>
          <form
            onSubmit={(e) => {
              e.preventDefault()
              void onDelete()
            }}
          >
            <Text
              as="label"
              htmlFor="delete-confirm"
              size="2"
              weight="medium"
              mt="3"
              mb="1"
              style={{ display: 'block' }}
            >
              {s.deleteConfirm(settings.slug)}
            </Text>
            <TextField.Root
              id="delete-confirm"
              value={typed}
              autoComplete="off"
              spellCheck={false}
              onChange={(e) => setTyped(e.target.value)}
            />
            <Flex gap="3" mt="4" justify="end">
              <AlertDialog.Cancel>
                <Button type="button" variant="soft" color="gray">
                  {s.cancel}
                </Button>
              </AlertDialog.Cancel>
              <Button type="submit" color="red" disabled={!confirmed} loading={pending}>
                {s.deleteClone}
              </Button>
            </Flex>
          </form>
        </AlertDialog.Content>
      </AlertDialog.Root>
    </section>
  )
}
