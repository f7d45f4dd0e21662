import type { Socials } from '../../../../contract'
import type {
  CloneSettings,
  StudioCloneOptions,
  UpdateCloneSettings,
} from '../../../../contract/studio-clones'

/*
 * The settings form's draft (issue #16): what the creator is typing, as strings and switches, made from the
 * saved settings and turned back into the PATCH body. Kept apart from the components so a failed save leaves
 * every typed value where it was.
 */

export const SOCIAL_KEYS = ['website', 'instagram', 'twitter', 'linkedin', 'youtube', 'facebook'] as const
export type SocialKey = (typeof SOCIAL_KEYS)[number]

export interface SettingsDraft {
  name: string
  headline: string
  description: string
  socials: Record<SocialKey, string>
  extras: string[]
  phoneNumber: string
  telegramUsername: string
  phoneSmsEnabled: boolean
  phoneWhatsAppEnabled: boolean
  telegramEnabled: boolean
  options: Omit<StudioCloneOptions, 'customWarning'> & { customWarning: string }
  language: string
  voiceId: string
  allowVoice: boolean
  allowVideo: boolean
}

/** A social value as one line: a list shows joined by ', '. */
const socialText = (value: Socials[SocialKey]) => (Array.isArray(value) ? value.join(', ') : (value ?? ''))

/** A typed social line: empty is none, several links separated by commas are a list. */
const socialValue = (text: string): Socials[SocialKey] => {
  const parts = text
    .split(/,\s+/)
    .map((p) => p.trim())
    .filter(Boolean)
  if (parts.length === 0) return null
  return parts.length === 1 ? parts[0]! : parts
}

export function draftOf(settings: CloneSettings): SettingsDraft {
  return {
    name: settings.name,
    headline: settings.headline ?? '',
    description: settings.description ?? '',
    socials: Object.fromEntries(SOCIAL_KEYS.map((k) => [k, socialText(settings.socials[k])])) as Record<
      SocialKey,
      string
    >,
    extras: settings.socials.extras,
    phoneNumber: settings.phoneNumber ?? '',
    telegramUsername: settings.telegramUsername ?? '',
    phoneSmsEnabled: settings.phoneSmsEnabled,
    phoneWhatsAppEnabled: settings.phoneWhatsAppEnabled,
    telegramEnabled: settings.telegramEnabled,
    options: { ...settings.options, customWarning: settings.options.customWarning ?? '' },
    language: settings.language,
    voiceId: settings.voiceId ?? '',
    allowVoice: settings.allowVoice,
    allowVideo: settings.allowVideo,
  }
}

/** The PATCH body of the whole form (the portrait and visibility are saved on their own). */
export function patchOf(draft: SettingsDraft): UpdateCloneSettings {
  const phone = draft.phoneNumber.trim()
  const telegram = draft.telegramUsername.trim()
  return {
    name: draft.name,
    headline: draft.headline,
    description: draft.description,
    socials: {
      ...(Object.fromEntries(SOCIAL_KEYS.map((k) => [k, socialValue(draft.socials[k])])) as Record<
        SocialKey,
        Socials[SocialKey]
      >),
      extras: draft.extras,
    },
    phoneNumber: phone || null,
    telegramUsername: telegram || null,
    // A switch without its number or username is off: the server would refuse it.
    phoneSmsEnabled: Boolean(phone) && draft.phoneSmsEnabled,
    phoneWhatsAppEnabled: Boolean(phone) && draft.phoneWhatsAppEnabled,
    telegramEnabled: Boolean(telegram) && draft.telegramEnabled,
    options: draft.options,
    language: draft.language,
    voiceId: draft.voiceId.trim() || null,
    allowVoice: draft.allowVoice,
    allowVideo: draft.allowVideo,
  }
}

export const sameDraft = (a: SettingsDraft, b: SettingsDraft) => JSON.stringify(a) === JSON.stringify(b)
