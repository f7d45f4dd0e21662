import { Badge, Button, Card, Flex, Heading, IconButton, Text } from '@radix-ui/themes'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useEffect, useRef } from 'react'
import { toast } from 'sonner'
import type { StudioMembership } from '../../../../contract/studio-run'
import { serverMessageOr } from '../../api/client'
import {
  deleteStudioMembership,
  reorderStudioMemberships,
  studioMembershipsQuery,
  updateStudioMembership,
} from '../../api/studio-run'
import { ConfirmDialog } from '../../ui/ConfirmDialog'
import { formatUsd, membershipBenefits } from '../billing'
import { MembershipDialog } from './MembershipDialog'
import { movedIds } from './membership-form'
import { membershipsStrings as s } from './memberships.strings'

/** The prices as the card shows them: '$9 / month · $90 / year', or 'Free'. */
export function priceLine(m: Pick<StudioMembership, 'basePrice' | 'annualPrice'>): string {
  const parts = [
    m.basePrice === null ? null : m.basePrice === 0 ? s.free : s.perMonth(formatUsd(m.basePrice)),
    m.annualPrice === null ? null : m.annualPrice === 0 ? s.free : s.perYear(formatUsd(m.annualPrice)),
  ].filter((p): p is string => p !== null)
  return [...new Set(parts)].join(' · ')
}

/**
 * The clone's memberships in the paywall's order. The creator moves, edits, deactivates (or activates) and
 * deletes them; a contributor sees the same cards without the buttons.
 */
export function MembershipList({
  slug,
  memberships,
  editable,
}: Readonly<{ slug: string; memberships: readonly StudioMembership[]; editable: boolean }>) {
  const queryClient = useQueryClient()
  const key = studioMembershipsQuery(slug).queryKey
  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: key }),
      queryClient.invalidateQueries({ queryKey: ['clone', slug] }),
    ])
  // Keyboard users keep their place: focus follows a moved card's button.
  const focusNext = useRef<string | null>(null)
  useEffect(() => {
    const target = focusNext.current
    focusNext.current = null
    if (target) document.getElementById(target)?.focus()
  })

  const reorder = useMutation({
    mutationFn: (ids: string[]) => reorderStudioMemberships(slug, ids),
    onSuccess: async (list) => {
      queryClient.setQueryData(key, list)
      await queryClient.invalidateQueries({ queryKey: ['clone', slug] })
    },
    onError: (error) => toast.error(serverMessageOr(error, s.reorderFailed)),
  })
  const setActive = useMutation({
    mutationFn: (m: StudioMembership) => updateStudioMembership(slug, m.id, { active: !m.active }),
    onSuccess: async (m) => {
      toast.success(m.active ? s.activated(m.name) : s.deactivated(m.name))
      await refresh()
    },
    onError: (error) => toast.error(serverMessageOr(error, s.changeFailed)),
  })
  const remove = useMutation({
    mutationFn: (m: StudioMembership) => deleteStudioMembership(slug, m.id),
    onSuccess: async () => {
      toast.success(s.confirmDelete.deleted)
      document.getElementById('new-membership')?.focus()
      await refresh()
    },
    onError: (error) => toast.error(serverMessageOr(error, s.confirmDelete.failed)),
  })

  const ids = memberships.map((m) => m.id)
  const move = (index: number, by: -1 | 1) => {
    const m = memberships[index]!
    const to = index + by
    const edge = to === 0 || to === memberships.length - 1
    focusNext.current = `${m.id}-${edge ? (by === -1 ? 'down' : 'up') : by === -1 ? 'up' : 'down'}`
    reorder.mutate(movedIds(ids, index, by))
  }

  return (
    <ol className="memberships-list" aria-label={s.listLabel}>
      {memberships.map((m, index) => (
        <li key={m.id}>
          <Card>
            <Flex direction="column" gap="2">
              <Flex justify="between" align="start" gap="3" wrap="wrap">
                <Flex direction="column" gap="1">
                  <Flex gap="2" align="center" wrap="wrap">
                    <Heading as="h3" size="4">
                      {m.name}
                    </Heading>
                    {m.active ? null : <Badge color="gray">{s.inactive}</Badge>}
                    {m.instanceId ? <Badge color="blue">{s.instanceOnly}</Badge> : null}
                  </Flex>
                  <Text weight="bold">{priceLine(m)}</Text>
                </Flex>
                <Text size="2" color="gray">
                  {m.subscribers > 0 ? s.subscribers(m.subscribers) : s.noSubscribers}
                </Text>
              </Flex>
              {m.customDescription ? (
                <Text size="2" color="gray">
                  {m.customDescription}
                </Text>
              ) : null}
              <ul className="memberships-list__benefits">
                {membershipBenefits(m).map((benefit) => (
                  <li key={benefit}>
                    <Text size="2">{benefit}</Text>
                  </li>
                ))}
              </ul>
              {editable ? (
                <Flex gap="2" wrap="wrap" align="center">
                  <IconButton
                    id={`${m.id}-up`}
                    variant="soft"
                    color="gray"
                    aria-label={s.moveUp(m.name)}
                    disabled={index === 0 || reorder.isPending}
                    onClick={() => move(index, -1)}
                  >
                    <span aria-hidden="true">↑</span>
                  </IconButton>
                  <IconButton
                    id={`${m.id}-down`}
                    variant="soft"
                    color="gray"
                    aria-label={s.moveDown(m.name)}
                    disabled={index === memberships.length - 1 || reorder.isPending}
                    onClick={() => move(index, 1)}
                  >
                    <span aria-hidden="true">↓</span>
                  </IconButton>
                  <MembershipDialog
                    slug={slug}
                    membership={m}
                    trigger={
                      <Button variant="soft" aria-label={s.editLabel(m.name)}>
                        {s.edit}
                      </Button>
                    }
                  />
                  <Button
                    variant="soft"
                    color={m.active ? 'amber' : 'green'}
                    loading={setActive.isPending && setActive.variables?.id === m.id}
                    onClick={() => setActive.mutate(m)}
                  >
                    {m.active ? s.deactivate : s.activate}
                  </Button>
                  {m.deletable ? (
                    <DeleteMembership membership={m} onConfirm={() => remove.mutate(m)} />
                  ) : (
                    <Text size="1" color="gray">
                      {s.keptForSubscribers}
                    </Text>
                  )}
                </Flex>
              ) : null}
            </Flex>
          </Card>
        </li>
      ))}
    </ol>
  )
}

function DeleteMembership({
  membership,
  onConfirm,
}: Readonly<{ membership: StudioMembership; onConfirm: () => void }>) {
  const c = s.confirmDelete
  return (
    <ConfirmDialog
      trigger={
        <Button variant="soft" color="red" aria-label={s.deleteLabel(membership.name)}>
          {s.delete}
        </Button>
      }
      title={c.title(membership.name)}
      body={c.body}
      cancel={c.cancel}
      confirm={c.confirm}
      onConfirm={onConfirm}
    />
  )
}
