import { z } from 'zod/mini'
import { Socials } from './clone'
import { FaceMarks } from './face-marks'
import { LANGUAGES } from './languages'
import { MAX_FIRST_MESSAGE, Pronunciations } from './voice-settings'

/*
 * Making and running a clone in the studio (issue #16 'Create a clone'): the creator's list of clones, the
 * slug rules, the create form and the settings page. Not exported from contract/index.ts: only the studio
 * chunk and the server need it.
 */

export const SLUG_MIN_LENGTH = 3
export const SLUG_MAX_LENGTH = 40
/** Lower-case letters and digits, in words joined by single dashes. */
export const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/

/**
 * Addresses a clone may not take: every top-level segment of the renderer's router and the server
 * (/explore, /api, /embed, /dev, /checkout...), the folders and file stems the web build serves at the root
 * (assets, icons, favicon.ico, sw.js, offline.html...), and a few words a visitor would read as the product's.
 */
export const RESERVED_SLUGS: ReadonlySet<string> = new Set([
  // renderer/src/app/router.tsx
  'explore',
  'profile',
  'billing',
  'actions',
  'studio',
  'memberships',
  'privacy-policy',
  'terms-of-use',
  // server routes and server/web.ts
  'api',
  'embed',
  'dev',
  'media',
  'checkout',
  // the web build's root files and folders (pwa/)
  'assets',
  'icons',
  'screenshots',
  'favicon',
  'offline',
  'start-app',
  'sw',
  'manifest',
  'workbox',
  'robots',
  'sitemap',
  'index',
  // the studio's own segments beside /studio/{slug} and /api/studio/{slug} (a clone there would be shadowed)
  'new',
  'invite',
  'invites',
  'clones',
  'slug-availability',
  'voice-preview',
  'voices',
  // the product's own words
  'admin',
  'staff',
  'settings',
  'login',
  'logout',
  'signin',
  'signup',
  'account',
  'help',
  'support',
  'about',
  'likeness',
])

export type SlugRefusal = 'too_short' | 'too_long' | 'invalid' | 'reserved' | 'taken'

export const SLUG_REFUSAL_TEXT: Record<SlugRefusal, string> = {
  too_short: `An address needs at least ${SLUG_MIN_LENGTH} characters.`,
  too_long: `An address has at most ${SLUG_MAX_LENGTH} characters.`,
  invalid: 'Use lower-case letters, digits and single dashes, starting and ending with a letter or digit.',
  reserved: 'That address is reserved.',
  taken: 'That address is already taken',
}

/** What a typed address becomes: trimmed and lower-cased (nothing else is changed behind the creator's back). */
export const normaliseSlug = (input: string) => input.trim().toLowerCase()

/** Why a normalised address cannot be a clone's, apart from being taken; null when it can. */
export function slugProblem(slug: string): Exclude<SlugRefusal, 'taken'> | null {
  if (slug.length < SLUG_MIN_LENGTH) return 'too_short'
  if (slug.length > SLUG_MAX_LENGTH) return 'too_long'
  if (!SLUG_PATTERN.test(slug)) return 'invalid'
  if (RESERVED_SLUGS.has(slug)) return 'reserved'
  return null
}

/** An address suggested from a name: 'Dr. Lena Hart' → 'dr-lena-hart' (accents dropped, cut at a dash). */
export function suggestSlug(name: string): string {
  const words = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
  if (words.length <= SLUG_MAX_LENGTH) return words
  const cut = words.slice(0, SLUG_MAX_LENGTH)
  return cut.includes('-') ? cut.slice(0, cut.lastIndexOf('-')) : cut
}

export const StudioRole = z.enum(['CREATOR', 'CONTRIBUTOR'])
export type StudioRole = z.infer<typeof StudioRole>

/** One clone on the studio home. */
export const StudioClone = z.object({
  slug: z.string(),
  name: z.string(),
  imageUrl: z.nullable(z.string()),
  public: z.boolean(),
  role: StudioRole,
})
export type StudioClone = z.infer<typeof StudioClone>

export const StudioCloneList = z.object({ clones: z.array(StudioClone) })
export type StudioCloneList = z.infer<typeof StudioCloneList>

export const SlugAvailability = z.object({
  slug: z.string(),
  available: z.boolean(),
  reason: z.nullable(z.enum(['too_short', 'too_long', 'invalid', 'reserved', 'taken'])),
  /** The reason in the creator's words; null when available. */
  message: z.nullable(z.string()),
})
export type SlugAvailability = z.infer<typeof SlugAvailability>

export const MAX_NAME_LENGTH = 80
export const MAX_HEADLINE_LENGTH = 160
export const MAX_DESCRIPTION_LENGTH = 4000
export const MAX_WARNING_LENGTH = 1000
export const MAX_SOCIAL_LENGTH = 300

const trimmed = (max: number, emptyText: string) =>
  z.string().check(z.trim(), z.minLength(1, emptyText), z.maxLength(max))
/** An optional text: blank becomes null. */
const optionalText = (max: number) =>
  z.pipe(
    z.nullable(z.string().check(z.trim(), z.maxLength(max))),
    z.transform((v) => (v ? v : null)),
  )

export const LANGUAGE_CODES = LANGUAGES.map((l) => l.code) as [string, ...string[]]
export const CloneLanguage = z.enum(LANGUAGE_CODES)

/** POST /api/studio/clones. */
export const CreateCloneRequest = z.object({
  name: trimmed(MAX_NAME_LENGTH, 'Give the clone a name.'),
  slug: z.string().check(z.maxLength(100)),
  headline: z.optional(optionalText(MAX_HEADLINE_LENGTH)),
  description: z.optional(optionalText(MAX_DESCRIPTION_LENGTH)),
  language: z.optional(CloneLanguage),
})
export type CreateCloneRequest = z.input<typeof CreateCloneRequest>

export const CreatedClone = z.object({ slug: z.string() })

/** The options a creator changes (spec 1 §3 'Clone options'; the rest stay as they are). */
export const StudioCloneOptions = z.object({
  requireEmail: z.boolean(),
  requirePhoneNumber: z.boolean(),
  suggestQuestions: z.boolean(),
  warning: z.boolean(),
  customWarning: z.nullable(z.string()),
  enableImageSending: z.boolean(),
  autoDial: z.boolean(),
  /** Issue #25: answer each visitor in their language (true), or always in the clone's own. */
  enableMultiLanguage: z.boolean(),
})
export type StudioCloneOptions = z.infer<typeof StudioCloneOptions>

/** GET /api/studio/{slug}/settings: what the settings page shows and edits. */
export const CloneSettings = z.object({
  slug: z.string(),
  role: StudioRole,
  name: z.string(),
  headline: z.nullable(z.string()),
  description: z.nullable(z.string()),
  imageUrl: z.nullable(z.string()),
  /** Staff-only; shown, never edited here. */
  verified: z.boolean(),
  public: z.boolean(),
  socials: Socials,
  phoneNumber: z.nullable(z.string()),
  telegramUsername: z.nullable(z.string()),
  phoneSmsEnabled: z.boolean(),
  phoneWhatsAppEnabled: z.boolean(),
  telegramEnabled: z.boolean(),
  options: StudioCloneOptions,
  language: z.string(),
  voiceId: z.nullable(z.string()),
  allowVoice: z.boolean(),
  allowVideo: z.boolean(),
  /** Eyes and mouth marked on the portrait for the local avatar (contract/face-marks.ts); null: none. */
  faceMarks: z.nullable(FaceMarks),
})
export type CloneSettings = z.infer<typeof CloneSettings>

const socialValue = z.nullable(
  z.union([
    z.string().check(z.trim(), z.maxLength(MAX_SOCIAL_LENGTH)),
    z.array(z.string().check(z.trim(), z.maxLength(MAX_SOCIAL_LENGTH))).check(z.maxLength(10)),
  ]),
)
const StudioSocials = z.object({
  instagram: socialValue,
  linkedin: socialValue,
  twitter: socialValue,
  facebook: socialValue,
  youtube: socialValue,
  website: socialValue,
  extras: z.array(z.string().check(z.trim(), z.maxLength(MAX_SOCIAL_LENGTH))).check(z.maxLength(10)),
})

/** PATCH /api/studio/{slug}/settings: any of these; the slug and `verified` are not among them. */
export const UpdateCloneSettings = z.strictObject({
  name: z.optional(trimmed(MAX_NAME_LENGTH, 'Give the clone a name.')),
  headline: z.optional(optionalText(MAX_HEADLINE_LENGTH)),
  description: z.optional(optionalText(MAX_DESCRIPTION_LENGTH)),
  /** A complete png or jpeg the creator uploaded: it becomes the portrait. */
  portraitUploadId: z.optional(z.uuid()),
  socials: z.optional(StudioSocials),
  /** Any way a person writes it; stored in E.164 (contract/phone.ts). */
  phoneNumber: z.optional(z.nullable(z.string().check(z.maxLength(40)))),
  telegramUsername: z.optional(z.nullable(z.string().check(z.maxLength(40)))),
  phoneSmsEnabled: z.optional(z.boolean()),
  phoneWhatsAppEnabled: z.optional(z.boolean()),
  telegramEnabled: z.optional(z.boolean()),
  options: z.optional(
    z.strictObject({
      requireEmail: z.optional(z.boolean()),
      requirePhoneNumber: z.optional(z.boolean()),
      suggestQuestions: z.optional(z.boolean()),
      warning: z.optional(z.boolean()),
      customWarning: z.optional(optionalText(MAX_WARNING_LENGTH)),
      enableImageSending: z.optional(z.boolean()),
      autoDial: z.optional(z.boolean()),
      enableMultiLanguage: z.optional(z.boolean()),
    }),
  ),
  public: z.optional(z.boolean()),
  language: z.optional(CloneLanguage),
  voiceId: z.optional(z.nullable(z.string().check(z.trim(), z.maxLength(100)))),
  allowVoice: z.optional(z.boolean()),
  allowVideo: z.optional(z.boolean()),
})
export type UpdateCloneSettings = z.input<typeof UpdateCloneSettings>

/** DELETE /api/studio/{slug}: the creator types the address to confirm. */
export const DeleteCloneRequest = z.object({ confirmSlug: z.string().check(z.maxLength(100)) })

/** The voices a creator can give the clone: eSpeak NG's by default, any ElevenLabs voice id when configured. */
export const StudioVoices = z.object({
  provider: z.enum(['espeak', 'elevenlabs']),
  /** eSpeak NG voices by language code; empty with ElevenLabs (the creator types a voice id). */
  voices: z.array(z.object({ id: z.string(), label: z.string(), language: z.string() })),
})
export type StudioVoices = z.infer<typeof StudioVoices>

/**
 * POST /api/studio/voice-preview → audio: the sample sentence, or the creator's own words (a first message, a
 * pronunciation) said with the pronunciations being edited, before they are saved.
 */
export const VoicePreviewRequest = z.object({
  language: CloneLanguage,
  voiceId: z.optional(z.nullable(z.string().check(z.trim(), z.maxLength(100)))),
  text: z.optional(z.string().check(z.trim(), z.minLength(1), z.maxLength(MAX_FIRST_MESSAGE))),
  pronunciations: z.optional(Pronunciations),
  speed: z.optional(z.nullable(z.number().check(z.gte(0.7), z.lte(1.2)))),
  stability: z.optional(z.nullable(z.number().check(z.gte(0), z.lte(1)))),
})
