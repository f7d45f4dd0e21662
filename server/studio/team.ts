import { randomBytes } from 'node:crypto'
import { and, asc, count, eq, gt, inArray, isNull } from 'drizzle-orm'
import {
  type AcceptedInvitation,
  INVITE_TTL_DAYS,
  type InvitationView,
  maskEmail,
  type PendingInvite,
  type StudioTeam,
} from '../../contract/studio-run'
import { hashSessionToken } from '../auth/tokens'
import type { Db } from '../db/client'
import { cloneInvites, clones, relationships, users } from '../db/schema'
import { AppError, conflict, forbidden, notFound, rateLimited } from '../errors'

/*
 * The clone's team (issue #16 'Run it'): its creator, its contributors, and the invitations the creator sent
 * by e-mail. The invitation link carries a random token stored only as its SHA-256 (like sessions), so a
 * leaked table invites nobody; inviting an address again renews its one row with a new token.
 */

export const INVITE_TTL_MS = INVITE_TTL_DAYS * 24 * 60 * 60 * 1000
/** Invitations a clone may send in an hour (renewals count): a mail per invitation. */
export const INVITES_PER_HOUR = 20
export const INVITE_LIMIT_TEXT = 'You have sent many invitations this hour. Please try again later.'

export const INVITE_NOT_FOUND_TEXT =
  'This invitation link is not valid. It may have been revoked: ask the creator to invite you again.'
export const INVITE_EXPIRED_TEXT = 'This invitation has expired. Ask the creator to invite you again.'
export const INVITE_USED_TEXT = 'This invitation has already been accepted.'
export const ALREADY_ON_TEAM_TEXT = 'This person is already on the team.'
export const wrongAddressText = (masked: string) =>
  `This invitation was sent to ${masked}. Log in with that address to accept it.`

/** 256 random bits, hex: nothing in it reads as a six-digit code in the dev outbox. */
export const newInviteToken = () => randomBytes(32).toString('hex')

const toPending = (row: typeof cloneInvites.$inferSelect, now: Date): PendingInvite => ({
  id: row.id,
  email: row.email,
  invitedAt: row.createdAt.toISOString(),
  expiresAt: row.expiresAt.toISOString(),
  expired: row.expiresAt <= now,
})

export async function loadTeam(db: Db, cloneId: string, now = new Date()): Promise<StudioTeam> {
  const [members, invites] = await Promise.all([
    db
      .select({
        userId: users.id,
        name: users.name,
        email: users.email,
        role: relationships.type,
        since: relationships.createdAt,
      })
      .from(relationships)
      .innerJoin(users, eq(users.id, relationships.userId))
      .where(and(eq(relationships.cloneId, cloneId), inArray(relationships.type, ['CREATOR', 'CONTRIBUTOR'])))
      .orderBy(asc(relationships.createdAt), asc(users.email)),
    db
      .select()
      .from(cloneInvites)
      .where(and(eq(cloneInvites.cloneId, cloneId), isNull(cloneInvites.acceptedAt)))
      .orderBy(asc(cloneInvites.createdAt)),
  ])
  return {
    // The creator first, then the contributors in the order they joined.
    members: members
      .map((m) => ({ ...m, role: m.role as 'CREATOR' | 'CONTRIBUTOR', since: m.since.toISOString() }))
      .sort((a, b) => Number(b.role === 'CREATOR') - Number(a.role === 'CREATOR')),
    invites: invites.map((row) => toPending(row, now)),
  }
}

/**
 * Creates (or renews) the invitation of an address, answering it with the token to mail. Refuses an address
 * already on the team, and more than INVITES_PER_HOUR a clone in an hour.
 */
export async function inviteToTeam(
  db: Db,
  input: { cloneId: string; email: string; invitedBy: string },
  now = new Date(),
): Promise<{ invite: PendingInvite; token: string }> {
  const [onTeam] = await db
    .select({ type: relationships.type })
    .from(relationships)
    .innerJoin(users, eq(users.id, relationships.userId))
    .where(
      and(
        eq(relationships.cloneId, input.cloneId),
        eq(users.email, input.email),
        inArray(relationships.type, ['CREATOR', 'CONTRIBUTOR']),
      ),
    )
    .limit(1)
  if (onTeam) throw conflict(ALREADY_ON_TEAM_TEXT)
  const hourAgo = new Date(now.getTime() - 3_600_000)
  const [recent] = await db
    .select({ n: count() })
    .from(cloneInvites)
    .where(and(eq(cloneInvites.cloneId, input.cloneId), gt(cloneInvites.createdAt, hourAgo)))
  if ((recent?.n ?? 0) >= INVITES_PER_HOUR) throw rateLimited(INVITE_LIMIT_TEXT, 3_600_000)

  const token = newInviteToken()
  const fresh = {
    tokenHash: hashSessionToken(token),
    invitedBy: input.invitedBy,
    createdAt: now,
    expiresAt: new Date(now.getTime() + INVITE_TTL_MS),
    acceptedAt: null,
    acceptedBy: null,
  }
  const [row] = await db
    .insert(cloneInvites)
    .values({ cloneId: input.cloneId, email: input.email, ...fresh })
    .onConflictDoUpdate({ target: [cloneInvites.cloneId, cloneInvites.email], set: fresh })
    .returning()
  return { invite: toPending(row!, now), token }
}

/** Revokes a pending invitation: its link stops working at once. */
export async function revokeInvite(db: Db, cloneId: string, id: string): Promise<void> {
  const deleted = await db
    .delete(cloneInvites)
    .where(and(eq(cloneInvites.id, id), eq(cloneInvites.cloneId, cloneId), isNull(cloneInvites.acceptedAt)))
    .returning({ id: cloneInvites.id })
  if (deleted.length === 0) throw notFound('Invitation not found')
}

/** A contributor leaves the team and becomes a plain visitor (a CONSUMER) of the clone again. */
export async function removeContributor(db: Db, cloneId: string, userId: string): Promise<void> {
  const changed = await db
    .update(relationships)
    .set({ type: 'CONSUMER' })
    .where(
      and(
        eq(relationships.cloneId, cloneId),
        eq(relationships.userId, userId),
        eq(relationships.type, 'CONTRIBUTOR'),
      ),
    )
    .returning({ id: relationships.id })
  if (changed.length === 0) throw notFound('Contributor not found')
}

/** The invitation a token names, or the clear error for a wrong, revoked, expired or used one. */
async function openInvitation(db: Db, token: string) {
  const [row] = await db
    .select({ invite: cloneInvites, clone: { id: clones.id, slug: clones.slug, name: clones.name } })
    .from(cloneInvites)
    .innerJoin(clones, eq(clones.id, cloneInvites.cloneId))
    .where(eq(cloneInvites.tokenHash, hashSessionToken(token)))
    .limit(1)
  if (!row) throw notFound(INVITE_NOT_FOUND_TEXT)
  return row
}

const gone = (message: string) => new AppError(410, 'not_found', message)

export async function viewInvitation(db: Db, token: string, now = new Date()): Promise<InvitationView> {
  const { invite, clone } = await openInvitation(db, token)
  if (invite.acceptedAt) throw gone(INVITE_USED_TEXT)
  if (invite.expiresAt <= now) throw gone(INVITE_EXPIRED_TEXT)
  return { cloneName: clone.name, email: maskEmail(invite.email) }
}

/**
 * The signed-in invitee accepts: their address must be the invited one. They become a CONTRIBUTOR (a
 * CONSUMER is upgraded, the CREATOR stays the CREATOR) and the invitation is used up. Accepting twice as the
 * same person answers the same; the use is guarded, so two accepts of one link cannot both count.
 */
export async function acceptInvitation(
  db: Db,
  token: string,
  user: { id: string; email: string },
  now = new Date(),
): Promise<AcceptedInvitation> {
  const { invite, clone } = await openInvitation(db, token)
  const accepted = { cloneSlug: clone.slug, cloneName: clone.name }
  if (invite.acceptedAt) {
    if (invite.acceptedBy === user.id) return accepted
    throw gone(INVITE_USED_TEXT)
  }
  if (invite.expiresAt <= now) throw gone(INVITE_EXPIRED_TEXT)
  if (user.email.toLowerCase() !== invite.email) throw forbidden(wrongAddressText(maskEmail(invite.email)))
  await db.transaction(async (tx) => {
    const used = await tx
      .update(cloneInvites)
      .set({ acceptedAt: now, acceptedBy: user.id })
      .where(and(eq(cloneInvites.id, invite.id), isNull(cloneInvites.acceptedAt)))
      .returning({ id: cloneInvites.id })
    if (used.length === 0) throw gone(INVITE_USED_TEXT)
    await tx
      .insert(relationships)
      .values({ userId: user.id, cloneId: clone.id, type: 'CONTRIBUTOR' })
      .onConflictDoNothing()
    await tx
      .update(relationships)
      .set({ type: 'CONTRIBUTOR' })
      .where(
        and(
          eq(relationships.userId, user.id),
          eq(relationships.cloneId, clone.id),
          eq(relationships.type, 'CONSUMER'),
        ),
      )
  })
  return accepted
}
