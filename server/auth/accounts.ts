import { and, eq, inArray } from 'drizzle-orm'
import type { User } from '../../contract'
import type { Db } from '../db/client'
import { blockedEmailDomains, embedConfigs, relationships, users } from '../db/schema'
import { AppError } from '../errors'
import type { UserRow } from './sessions'

/** spec 1 §8 'Auth'. */
export const BANNED_TEXT = 'This email address is banned.'
export const BLOCKED_DOMAIN_TEXT = 'Sign-in with this email domain is not allowed.'

/**
 * spec 1 §3 'User' as the API shows it. `whitelabeled` is the user's white-labelled customisation flag
 * (spec 1 §3; spec 2 §3): `isWhitelabeled`. Answers about a user go through `userView`, which reads it.
 */
export function toUser(row: UserRow, whitelabeled: boolean): User {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    imageUrl: row.imageUrl,
    phoneNumber: row.phoneNumber,
    telegramUsername: row.telegramUsername,
    language: row.language,
    staff: row.staff,
    plan: null,
    whitelabeled,
  }
}

/**
 * spec 1 §1 'Creators can white-label it': a user has the white-labelled customisation when they run (as
 * CREATOR or CONTRIBUTOR) a clone with a white-labelled embed configuration (spec 1 §6), that is when they
 * have customised the product's brand away somewhere. Consumers never have it.
 */
export async function isWhitelabeled(db: Db, userId: string): Promise<boolean> {
  const rows = await db
    .select({ id: embedConfigs.id })
    .from(relationships)
    .innerJoin(embedConfigs, eq(embedConfigs.cloneId, relationships.cloneId))
    .where(
      and(
        eq(relationships.userId, userId),
        inArray(relationships.type, ['CREATOR', 'CONTRIBUTOR']),
        eq(embedConfigs.whitelabel, true),
      ),
    )
    .limit(1)
  return rows.length > 0
}

/** The user as the API shows them, their white-labelled flag read. */
export const userView = async (db: Db, row: UserRow): Promise<User> =>
  toUser(row, await isWhitelabeled(db, row.id))

export async function findUserByEmail(db: Db, email: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.email, email)).limit(1)
  return row
}

/** The user with this (normalised) address, created on first sign-in; a concurrent creation is reused. */
export async function getOrCreateUser(
  db: Db,
  email: string,
  profile: { name?: string | null; imageUrl?: string | null } = {},
): Promise<UserRow> {
  const existing = await findUserByEmail(db, email)
  if (existing) {
    // Google may fill in what an e-mail sign-up never had; nothing the user set is overwritten.
    const patch = {
      ...(!existing.name && profile.name ? { name: profile.name } : {}),
      ...(!existing.imageUrl && profile.imageUrl ? { imageUrl: profile.imageUrl } : {}),
    }
    if (Object.keys(patch).length === 0) return existing
    const [updated] = await db.update(users).set(patch).where(eq(users.id, existing.id)).returning()
    return updated ?? existing
  }
  await db
    .insert(users)
    .values({ email, name: profile.name ?? null, imageUrl: profile.imageUrl ?? null })
    .onConflictDoNothing({ target: users.email })
  const created = await findUserByEmail(db, email)
  if (!created) throw new Error('The user could not be created')
  return created
}

/** An address's domain and its parents: a blocked 'mailinator.com' also blocks 'eu.mailinator.com'. */
function domainCandidates(email: string): string[] {
  const domain = email.slice(email.lastIndexOf('@') + 1)
  const parts = domain.split('.')
  return parts.slice(0, -1).map((_, i) => parts.slice(i).join('.'))
}

export async function isBlockedDomain(db: Db, email: string): Promise<boolean> {
  const candidates = domainCandidates(email)
  if (candidates.length === 0) return false
  const rows = await db
    .select({ domain: blockedEmailDomains.domain })
    .from(blockedEmailDomains)
    .where(inArray(blockedEmailDomains.domain, candidates))
    .limit(1)
  return rows.length > 0
}

/** Refuses banned users and blocked mail domains (spec 1 §5) with the spec's texts. */
export async function assertMaySignIn(db: Db, email: string, user?: UserRow | null): Promise<void> {
  const row = user === undefined ? await findUserByEmail(db, email) : user
  if (row?.banned) throw new AppError(403, 'forbidden', BANNED_TEXT)
  if (await isBlockedDomain(db, email)) throw new AppError(403, 'forbidden', BLOCKED_DOMAIN_TEXT)
}
