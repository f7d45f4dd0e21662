import { z } from 'zod/mini'
import { TextMedium } from './embed'
import { LANGUAGES } from './languages'

/** spec 1 §2 '/profile' (issue #15): a name is trimmed and 1 to 80 characters. */
export const NAME_MAX_LENGTH = 80

/** A contract LANGUAGES code, exactly as listed (the select sends one of them). */
export const ProfileLanguage = z
  .string()
  .check(
    z.refine((v) => LANGUAGES.some((l) => l.code === v), { error: 'Choose one of the listed languages.' }),
  )

/** PATCH /api/me: the name and the preferred language; null language follows the browser again. */
export const ProfileUpdateRequest = z.strictObject({
  name: z.optional(
    z
      .string()
      .check(
        z.trim(),
        z.minLength(1, 'Please enter your name.'),
        z.maxLength(NAME_MAX_LENGTH, `Your name can be at most ${NAME_MAX_LENGTH} characters.`),
      ),
  ),
  language: z.optional(z.nullable(ProfileLanguage)),
})
export type ProfileUpdateRequest = z.infer<typeof ProfileUpdateRequest>

/** DELETE /api/me: the account's own address, typed again, confirms the deletion. */
export const AccountDeleteRequest = z.strictObject({
  email: z.string().check(z.maxLength(320)),
})
export type AccountDeleteRequest = z.infer<typeof AccountDeleteRequest>

/** One of the user's text opt-ins (GET /api/me/opt-ins): which clone, where it texts, on or off. */
export const AccountOptIn = z.object({
  clone: z.object({ slug: z.string(), name: z.string(), imageUrl: z.nullable(z.string()) }),
  medium: z.nullable(TextMedium),
  /** The number (SMS, WhatsApp) or username (Telegram) the texts go to: the user's current one. */
  address: z.nullable(z.string()),
  optIn: z.boolean(),
  updatedAt: z.string(),
})
export type AccountOptIn = z.infer<typeof AccountOptIn>

export const AccountOptInsResponse = z.object({ optIns: z.array(AccountOptIn) })
export type AccountOptInsResponse = z.infer<typeof AccountOptInsResponse>
