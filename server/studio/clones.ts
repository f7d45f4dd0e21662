import { and, count, eq, gt } from 'drizzle-orm'
import type { CloneOptions, Socials } from '../../contract'
import {
  type CreateCloneRequest,
  normaliseSlug,
  SLUG_REFUSAL_TEXT,
  type SlugAvailability,
  type StudioClone,
  slugProblem,
} from '../../contract/studio-clones'
import type { Db } from '../db/client'
import { type AnonymousQuota, clones, type RelationshipType, relationships } from '../db/schema'
import { AppError, badRequest, conflict } from '../errors'

/*
 * The one place clone rows and their team relationships are written (issue #16): the studio's create and the
 * seed go through these functions, so the demo clones are made the way a creator's are.
 */

/** spec 1 §3 'Clone options' defaults; a seed clone's options override them. */
export const DEFAULT_CLONE_OPTIONS: Omit<CloneOptions, 'id'> = {
  locationId: null,
  suggestQuestions: true,
  requireEmail: true,
  requirePhoneNumber: false,
  productLogo: true,
  autoDial: false,
  warning: true,
  customWarning: null,
  enableImageSending: true,
  enableMultiLanguage: false,
  voiceModel: null,
}

/**
 * What a clone created in the studio starts with over the defaults (issue #25): it answers each visitor in
 * their language (enableMultiLanguage); the creator turns it off to keep the clone in its own. The seed's
 * demo clones and the rows written before keep the defaults above.
 */
export const NEW_CLONE_OPTIONS: Partial<Omit<CloneOptions, 'id'>> = { enableMultiLanguage: true }

/** A new clone's free monthly allowance for anonymous visitors (spec 1 §3 'Monetization'). */
export const DEFAULT_ANONYMOUS_QUOTA: AnonymousQuota = { messages: 10, voiceMinutes: 0, videoMinutes: 0 }

export const EMPTY_SOCIALS: Socials = {
  instagram: null,
  linkedin: null,
  twitter: null,
  facebook: null,
  youtube: null,
  website: null,
  extras: [],
}

/** Creations per user in CLONE_CREATION_WINDOW_MS: enough for real use, not for filling the directory. */
export const CLONES_CREATED_PER_WINDOW = 5
export const CLONE_CREATION_WINDOW_MS = 24 * 60 * 60 * 1000
export const TOO_MANY_CLONES_TEXT = 'You have created several clones today. Please try again tomorrow.'

export type CloneValues = Omit<typeof clones.$inferInsert, 'id' | 'options' | 'createdAt' | 'updatedAt'> & {
  /** Overrides of the defaults; an option given as undefined keeps its default. */
  options: Partial<Omit<CloneOptions, 'id'>>
}

/** The options object a clone stores: the defaults, then the clone's own (undefined ones left out). */
export function cloneOptionsOf(optionsId: string, options: Partial<Omit<CloneOptions, 'id'>>): CloneOptions {
  const given = Object.fromEntries(Object.entries(options).filter(([, v]) => v !== undefined))
  return { id: optionsId, ...DEFAULT_CLONE_OPTIONS, ...given }
}

/**
 * Writes a clone row. `upsert` (the seed, with its stable id) updates a row that exists; otherwise a taken
 * slug is the unique constraint's 409, so two creators racing for one address get one clone between them.
 */
export async function writeClone(
  db: Db,
  {
    id,
    optionsId,
    values,
    upsert = false,
  }: { id: string; optionsId: string; values: CloneValues; upsert?: boolean },
): Promise<void> {
  const row = { ...values, options: cloneOptionsOf(optionsId, values.options) }
  try {
    const insert = db.insert(clones).values({ id, ...row })
    await (upsert ? insert.onConflictDoUpdate({ target: clones.id, set: row }) : insert)
  } catch (error) {
    if (isUniqueViolation(error, 'clones_slug_unique')) throw conflict(SLUG_REFUSAL_TEXT.taken)
    throw error
  }
}

/** Gives the user this role on the clone (one relationship per user and clone; a new role replaces the old). */
export async function setCloneRole(
  db: Db,
  { id, userId, cloneId, type }: { id?: string; userId: string; cloneId: string; type: RelationshipType },
): Promise<void> {
  await db
    .insert(relationships)
    .values({ ...(id ? { id } : {}), userId, cloneId, type })
    .onConflictDoUpdate({ target: [relationships.userId, relationships.cloneId], set: { type } })
}

/** Whether a typed address can be a new clone's, and why not. */
export async function slugAvailability(db: Db, input: string): Promise<SlugAvailability> {
  const slug = normaliseSlug(input)
  const problem = slugProblem(slug)
  const taken =
    !problem &&
    (await db.select({ id: clones.id }).from(clones).where(eq(clones.slug, slug)).limit(1)).length > 0
  const reason = problem ?? (taken ? 'taken' : null)
  return { slug, available: reason === null, reason, message: reason ? SLUG_REFUSAL_TEXT[reason] : null }
}

/**
 * The studio's 'Create a clone' (issue #16): private until published, never verified (staff-only), the
 * default options and anonymous allowance, and the creator's CREATOR relationship, in one transaction.
 */
export async function createClone(
  db: Db,
  userId: string,
  request: CreateCloneRequest,
  now = new Date(),
): Promise<{ id: string; slug: string }> {
  const slug = normaliseSlug(request.slug)
  const problem = slugProblem(slug)
  if (problem) throw badRequest(SLUG_REFUSAL_TEXT[problem])
  await assertCreationAllowance(db, userId, now)
  const id = crypto.randomUUID()
  await db.transaction(async (tx) => {
    await writeClone(tx, {
      id,
      optionsId: crypto.randomUUID(),
      values: {
        slug,
        name: request.name,
        headline: request.headline ?? null,
        description: request.description ?? null,
        imageUrl: null,
        verified: false,
        public: false,
        language: request.language ?? 'en',
        languages: [request.language ?? 'en'],
        options: NEW_CLONE_OPTIONS,
        socials: EMPTY_SOCIALS,
        anonymousQuota: DEFAULT_ANONYMOUS_QUOTA,
      },
    })
    await setCloneRole(tx, { userId, cloneId: id, type: 'CREATOR' })
  })
  return { id, slug }
}

async function assertCreationAllowance(db: Db, userId: string, now: Date) {
  const since = new Date(now.getTime() - CLONE_CREATION_WINDOW_MS)
  const [row] = await db
    .select({ n: count() })
    .from(relationships)
    .innerJoin(clones, eq(clones.id, relationships.cloneId))
    .where(
      and(eq(relationships.userId, userId), eq(relationships.type, 'CREATOR'), gt(clones.createdAt, since)),
    )
  if ((row?.n ?? 0) >= CLONES_CREATED_PER_WINDOW)
    throw new AppError(429, 'rate_limited', TOO_MANY_CLONES_TEXT)
}

/** The user's clones for the studio home: those they created, then those they help with, by name. */
export async function listStudioClones(db: Db, userId: string): Promise<StudioClone[]> {
  const rows = await db
    .select({
      slug: clones.slug,
      name: clones.name,
      imageUrl: clones.imageUrl,
      public: clones.public,
      role: relationships.type,
    })
    .from(relationships)
    .innerJoin(clones, eq(clones.id, relationships.cloneId))
    .where(eq(relationships.userId, userId))
    .orderBy(clones.name)
  const team = rows.filter((r): r is StudioClone => r.role === 'CREATOR' || r.role === 'CONTRIBUTOR')
  return [...team.filter((r) => r.role === 'CREATOR'), ...team.filter((r) => r.role !== 'CREATOR')]
}

/** A Postgres unique violation of this constraint (drizzle wraps the driver's error as its cause). */
function isUniqueViolation(error: unknown, constraint: string): boolean {
  const cause = (error as { cause?: unknown } | null)?.cause ?? error
  const { code, constraint: violated } = (cause ?? {}) as { code?: unknown; constraint?: unknown }
  return code === '23505' && violated === constraint
}
