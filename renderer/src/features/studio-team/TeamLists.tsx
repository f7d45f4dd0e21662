import { Badge, Button, Card, Flex, Heading, Text } from '@radix-ui/themes'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { toast } from 'sonner'
import { activeLanguage } from '../../../../contract/i18n'
import type { PendingInvite, StudioTeam, TeamMember } from '../../../../contract/studio-run'
import { serverMessageOr } from '../../api/client'
import { inviteContributor, removeContributor, revokeInvitation, studioTeamQuery } from '../../api/studio-run'
import { ConfirmDialog } from '../../ui/ConfirmDialog'
import { teamStrings as s } from './team.strings'

const day = (iso: string) => new Date(iso).toLocaleDateString(activeLanguage(), { dateStyle: 'medium' })
const who = (m: Pick<TeamMember, 'name' | 'email'>) => m.name?.trim() || m.email

/** The creator and the contributors; the creator may remove a contributor. */
export function TeamMembers({
  slug,
  members,
  editable,
  currentUserId,
}: Readonly<{ slug: string; members: StudioTeam['members']; editable: boolean; currentUserId: string }>) {
  const queryClient = useQueryClient()
  const remove = useMutation({
    mutationFn: (m: TeamMember) => removeContributor(slug, m.userId),
    onSuccess: async (_ok, m) => {
      toast.success(s.confirmRemove.removed(who(m)))
      await queryClient.invalidateQueries({ queryKey: studioTeamQuery(slug).queryKey })
    },
    onError: (error) => toast.error(serverMessageOr(error, s.confirmRemove.failed)),
  })
  return (
    <section aria-labelledby="members-heading">
      <Heading as="h2" size="5" id="members-heading" mb="3">
        {s.membersHeading}
      </Heading>
      <ul className="team-list" aria-label={s.membersLabel}>
        {members.map((m) => (
          <li key={m.userId}>
            <Card>
              <Flex justify="between" align="center" gap="3" wrap="wrap">
                <Flex direction="column" gap="1" className="team-list__who">
                  <Flex gap="2" align="center" wrap="wrap">
                    <Text weight="medium">{who(m)}</Text>
                    {m.userId === currentUserId ? (
                      <Text size="2" color="gray">
                        {s.you}
                      </Text>
                    ) : null}
                    <Badge color={m.role === 'CREATOR' ? 'violet' : 'gray'}>{s.roles[m.role]}</Badge>
                  </Flex>
                  <Text size="2" color="gray">
                    {m.name ? `${m.email} · ` : ''}
                    {s.since(day(m.since))}
                  </Text>
                </Flex>
                {editable && m.role === 'CONTRIBUTOR' ? (
                  <ConfirmRemove name={who(m)} onConfirm={() => remove.mutate(m)} />
                ) : null}
              </Flex>
            </Card>
          </li>
        ))}
      </ul>
    </section>
  )
}

function ConfirmRemove({ name, onConfirm }: Readonly<{ name: string; onConfirm: () => void }>) {
  const c = s.confirmRemove
  return (
    <ConfirmDialog
      trigger={
        <Button variant="soft" color="red" aria-label={s.removeLabel(name)}>
          {s.remove}
        </Button>
      }
      title={c.title(name)}
      body={c.body}
      cancel={c.cancel}
      confirm={c.confirm}
      onConfirm={onConfirm}
    />
  )
}

/** Invitations not accepted yet: the creator sends one again (a new link) or revokes it. */
export function PendingInvites({
  slug,
  invites,
  editable,
}: Readonly<{ slug: string; invites: readonly PendingInvite[]; editable: boolean }>) {
  const queryClient = useQueryClient()
  const refresh = () => queryClient.invalidateQueries({ queryKey: studioTeamQuery(slug).queryKey })
  const resend = useMutation({
    mutationFn: (invite: PendingInvite) => inviteContributor(slug, invite.email),
    onSuccess: async (invite) => {
      toast.success(s.sent(invite.email))
      await refresh()
    },
    onError: (error) => toast.error(serverMessageOr(error, s.inviteFailed)),
  })
  const revoke = useMutation({
    mutationFn: (invite: PendingInvite) => revokeInvitation(slug, invite.id),
    onSuccess: async (_ok, invite) => {
      toast.success(s.revoked(invite.email))
      await refresh()
    },
    onError: (error) => toast.error(serverMessageOr(error, s.revokeFailed)),
  })
  return (
    <section aria-labelledby="invites-heading">
      <Heading as="h2" size="5" id="invites-heading" mb="3">
        {s.invitesHeading}
      </Heading>
      {invites.length === 0 ? (
        <Text color="gray">{s.noInvites}</Text>
      ) : (
        <ul className="team-list" aria-label={s.invitesLabel}>
          {invites.map((invite) => (
            <li key={invite.id}>
              <Card>
                <Flex justify="between" align="center" gap="3" wrap="wrap">
                  <Flex direction="column" gap="1" className="team-list__who">
                    <Text weight="medium">{invite.email}</Text>
                    {invite.expired ? (
                      <Badge color="amber" className="team-list__badge">
                        {s.expired}
                      </Badge>
                    ) : (
                      <Text size="2" color="gray">
                        {s.expires(day(invite.expiresAt))}
                      </Text>
                    )}
                  </Flex>
                  {editable ? (
                    <Flex gap="2" wrap="wrap">
                      <Button
                        variant="soft"
                        aria-label={s.resendLabel(invite.email)}
                        loading={resend.isPending && resend.variables?.id === invite.id}
                        onClick={() => resend.mutate(invite)}
                      >
                        {s.resend}
                      </Button>
                      <Button
                        variant="soft"
                        color="red"
                        aria-label={s.revokeLabel(invite.email)}
                        loading={revoke.isPending && revoke.variables?.id === invite.id}
                        onClick={() => revoke.mutate(invite)}
                      >
                        {s.revoke}
                      </Button>
                    </Flex>
                  ) : null}
                </Flex>
              </Card>
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}
