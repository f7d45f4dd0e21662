import { and, eq } from 'drizzle-orm'
import type { z } from 'zod/mini'
import { isImageFileName } from '../../contract'
import { TELEGRAM_USERNAME } from '../../contract/embed'
import { readPhoneNumber } from '../../contract/phone'
import type { CloneSettings, StudioRole, UpdateCloneSettings } from '../../contract/studio-clones'
import type { CloneRow } from '../clones/queries'
import type { Db } from '../db/client'
import { clones, subscriptions, uploads } from '../db/schema'
import { badRequest, conflict, notFound } from '../errors'
import { releaseUnreferenced, uploadsHeldByClone } from '../uploads/references'
import { fileUrl } from '../uploads/uploads'

type SettingsPatch = z.output<typeof UpdateCloneSettings>

export const PORTRAIT_NOT_USABLE_TEXT = 'This portrait upload is not a finished PNG or JPEG image of yours.'
export const DELETE_CONFIRMATION_TEXT = 'Type the clone’s address exactly to delete it.'
export const PAID_MEMBERS_REFUSAL =
  'People pay for memberships of this clone. Delete it once their memberships have ended or been cancelled.'

/** What the settings page shows: the clone's editable fields and the reader's role. */
export function settingsOf(clone: CloneRow, role: StudioRole): CloneSettings {
  const o = clone.options
  return {
    slug: clone.slug,
    role,
    name: clone.name,
    headline: clone.headline,
    description: clone.description,
    imageUrl: clone.imageUrl,
    verified: clone.verified,
    public: clone.public,
    socials: clone.socials,
    phoneNumber: clone.phoneNumber,
    telegramUsername: clone.telegramUsername,
    phoneSmsEnabled: clone.phoneSmsEnabled,
    phoneWhatsAppEnabled: clone.phoneWhatsAppEnabled,
    telegramEnabled: clone.telegramEnabled,
    options: {
      requireEmail: o.requireEmail,
      requirePhoneNumber: o.requirePhoneNumber,
      suggestQuestions: o.suggestQuestions,
      warning: o.warning,
      customWarning: o.customWarning,
      enableImageSending: o.enableImageSending,
      autoDial: o.autoDial,
      enableMultiLanguage: o.enableMultiLanguage,
    },
    language: clone.language,
    voiceId: clone.voiceId,
    allowVoice: clone.allowVoice,
    allowVideo: clone.allowVideo,
    faceMarks: clone.faceMarks ?? null,
  }
}

/** The upload id in a portrait address this server made (`/api/uploads/files/{fileKey}/{name}`). */
const fileKeyOf = (imageUrl: string | null) =>
  imageUrl?.match(/^\/api\/uploads\/files\/([A-Za-z0-9_-]{22})\//)?.[1]

/**
 * Applies a creator's changes (issue #16 'Create a clone' settings). The phone number is read like a visitor's
 * (E.164, a supported country); texting and Telegram switches need their number or username; a portrait is
 * the creator's own finished png or jpeg upload, marked attached so the upload sweeper keeps it, and the one
 * it replaces is released to the sweeper. `verified` and the slug are not in the patch at all.
 */
export async function updateSettings(
  db: Db,
  userId: string,
  clone: CloneRow,
  patch: SettingsPatch,
  checkVoice: (voiceId: string, language: string) => string | null,
  now = new Date(),
): Promise<CloneRow> {
  const set: Partial<typeof clones.$inferInsert> = {}
  const copy = ['name', 'headline', 'description', 'public', 'allowVoice', 'allowVideo'] as const
  for (const key of copy) if (patch[key] !== undefined) Object.assign(set, { [key]: patch[key] })
  for (const key of ['phoneSmsEnabled', 'phoneWhatsAppEnabled', 'telegramEnabled'] as const) {
    if (patch[key] !== undefined) set[key] = patch[key]
  }

  if (patch.phoneNumber !== undefined) set.phoneNumber = phoneOf(patch.phoneNumber)
  if (patch.telegramUsername !== undefined) set.telegramUsername = telegramOf(patch.telegramUsername)
  const phone = set.phoneNumber !== undefined ? set.phoneNumber : clone.phoneNumber
  const telegram = set.telegramUsername !== undefined ? set.telegramUsername : clone.telegramUsername
  if (!phone && (set.phoneSmsEnabled ?? clone.phoneSmsEnabled)) set.phoneSmsEnabled = false
  if (!phone && (set.phoneWhatsAppEnabled ?? clone.phoneWhatsAppEnabled)) set.phoneWhatsAppEnabled = false
  if (!telegram && (set.telegramEnabled ?? clone.telegramEnabled)) set.telegramEnabled = false
  if (!phone && (patch.phoneSmsEnabled || patch.phoneWhatsAppEnabled))
    throw badRequest('phoneNumber: Add the clone’s phone number before turning on texting.')
  if (!telegram && patch.telegramEnabled)
    throw badRequest('telegramUsername: Add the clone’s Telegram username before turning on Telegram.')

  if (patch.socials) set.socials = socialsOf(patch.socials)
  if (patch.options) {
    const given = Object.fromEntries(Object.entries(patch.options).filter(([, v]) => v !== undefined))
    set.options = { ...clone.options, ...given }
  }
  const language = patch.language ?? clone.language
  if (patch.language !== undefined) {
    set.language = patch.language
    if (!clone.languages.includes(patch.language)) set.languages = [patch.language, ...clone.languages]
  }
  // An unchanged voice is kept as it is (a seeded clone's voice may come from another provider).
  if (patch.voiceId !== undefined && patch.voiceId !== clone.voiceId) {
    if (patch.voiceId) {
      const problem = checkVoice(patch.voiceId, language)
      if (problem) throw badRequest(`voiceId: ${problem}`)
    }
    set.voiceId = patch.voiceId || null
  }

  return db.transaction(async (tx) => {
    if (patch.portraitUploadId) {
      const [upload] = await tx
        .select()
        .from(uploads)
        .where(and(eq(uploads.id, patch.portraitUploadId), eq(uploads.owner, `user:${userId}`)))
      const usable =
        upload &&
        upload.status === 'complete' &&
        isImageFileName(upload.fileName) &&
        ['image/png', 'image/jpeg'].includes(upload.contentType)
      if (!usable) throw badRequest(`portraitUploadId: ${PORTRAIT_NOT_USABLE_TEXT}`)
      await tx.update(uploads).set({ attachedAt: now }).where(eq(uploads.id, upload.id))
      set.imageUrl = fileUrl(upload.fileKey, upload.fileName)
      // Marks belong to a picture: a new portrait is marked anew (issue #26 part 1).
      set.faceMarks = null
      await releasePortrait(tx, clone.imageUrl, upload.fileKey)
    }
    if (Object.keys(set).length === 0) return clone
    const [row] = await tx
      .update(clones)
      .set({ ...set, updatedAt: now })
      .where(eq(clones.id, clone.id))
      .returning()
    if (!row) throw notFound()
    return row
  })
}

/** An uploaded portrait no longer shown goes back to the upload sweeper, which deletes it a day later. */
async function releasePortrait(db: Db, imageUrl: string | null, keep?: string) {
  const fileKey = fileKeyOf(imageUrl)
  if (!fileKey || fileKey === keep) return
  await db.update(uploads).set({ attachedAt: null }).where(eq(uploads.fileKey, fileKey))
}

/**
 * Deletes the clone: everything that belongs to it cascades (knowledge, chats, memberships, embeds...), and the
 * files only it held are released to the upload sweeper, which deletes them (server/uploads/references.ts). Not
 * while someone pays for one of its memberships (their money would buy nothing); ended subscriptions go
 * first, as subscriptions.membership_id restricts deleting the membership they name.
 */
export async function deleteClone(db: Db, clone: CloneRow, confirmSlug: string): Promise<void> {
  if (confirmSlug.trim().toLowerCase() !== clone.slug) throw badRequest(DELETE_CONFIRMATION_TEXT)
  await db.transaction(async (tx) => {
    const [paid] = await tx
      .select({ id: subscriptions.id })
      .from(subscriptions)
      .where(and(eq(subscriptions.cloneId, clone.id), eq(subscriptions.status, 'active')))
      .limit(1)
    if (paid) throw conflict(PAID_MEMBERS_REFUSAL)
    await tx.delete(subscriptions).where(eq(subscriptions.cloneId, clone.id))
    // Its files (sources, recordings, portrait, what its visitors attached) go to the sweeper with it.
    const held = await uploadsHeldByClone(tx, clone.id)
    await tx.delete(clones).where(eq(clones.id, clone.id))
    await releaseUnreferenced(tx, held)
  })
}

function phoneOf(input: string | null): string | null {
  if (!input?.trim()) return null
  const reading = readPhoneNumber(input, null)
  if (reading.ok) return reading.e164
  throw badRequest(
    reading.reason === 'country'
      ? 'phoneNumber: Country is not supported'
      : 'phoneNumber: Invalid Phone Number (write it with its country code, e.g. +1 415 555 0100)',
  )
}

function telegramOf(input: string | null): string | null {
  const value = input?.trim()
  if (!value) return null
  if (!TELEGRAM_USERNAME.test(value)) throw badRequest('telegramUsername: Invalid Telegram username')
  return value.replace(/^@/, '')
}

type SocialsInput = NonNullable<SettingsPatch['socials']>

/** Blank links become null, blank list entries are dropped. */
function socialsOf(input: SocialsInput): CloneRow['socials'] {
  const value = (v: SocialsInput['website']) => {
    if (Array.isArray(v)) {
      const kept = v.filter(Boolean)
      return kept.length > 0 ? kept : null
    }
    return v ? v : null
  }
  return {
    instagram: value(input.instagram),
    linkedin: value(input.linkedin),
    twitter: value(input.twitter),
    facebook: value(input.facebook),
    youtube: value(input.youtube),
    website: value(input.website),
    extras: input.extras.filter(Boolean),
  }
}
