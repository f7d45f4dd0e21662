import { z } from 'zod/mini'

/*
 * A clone's voice settings (issue #26 part 2, spec 2 §3 'cloneVoiceSettings' and 'wordPhonemeMapping', §9
 * creator overrides): what the studio's 'Voice' section edits and every speaker of the clone uses (read
 * aloud, the local call, the local avatar's greeting and Vapi).
 */

export const VOICE_SETTING_PROVIDERS = ['11labs', 'cartesia', 'openai'] as const
export type VoiceSettingProvider = (typeof VOICE_SETTING_PROVIDERS)[number]

/** Which tuning each provider takes: the studio shows a slider only where the provider has it. */
export const PROVIDER_TUNING: Record<VoiceSettingProvider, { speed: boolean; stability: boolean }> = {
  '11labs': { speed: true, stability: true },
  cartesia: { speed: false, stability: false },
  openai: { speed: true, stability: false },
}

export const ENDPOINTING_CHOICES = ['patient', 'brisk'] as const
export const TRANSCRIBER_MODELS = ['nova-3', 'nova-2', 'base', 'enhanced'] as const

export const MAX_PRONUNCIATIONS = 200
export const MAX_FIRST_MESSAGE = 500

/** A word as written (letters, digits, apostrophes and hyphens, inner spaces allowed). */
const PRONOUNCED_WORD = /^[\p{L}\p{N}'’-]+(?: [\p{L}\p{N}'’-]+)*$/u

export const Pronunciation = z.object({
  word: z
    .string()
    .check(
      z.trim(),
      z.minLength(1),
      z.maxLength(60),
      z.regex(PRONOUNCED_WORD, 'Letters, digits, apostrophes and hyphens only'),
    ),
  /** 'phonemes': IPA; 'respelling': how it sounds written out ("Nguyen" → "win"). */
  kind: z.enum(['phonemes', 'respelling']),
  say: z.string().check(z.trim(), z.minLength(1), z.maxLength(120)),
})
export type Pronunciation = z.infer<typeof Pronunciation>

/** A list of pronunciations: each word once, whatever its case. */
export const Pronunciations = z.array(Pronunciation).check(
  z.maxLength(MAX_PRONUNCIATIONS),
  z.superRefine((list, ctx) => {
    const seen = new Set<string>()
    list.forEach((p, i) => {
      const key = p.word.toLowerCase()
      if (seen.has(key)) {
        ctx.addIssue({
          code: 'custom',
          path: [i, 'word'],
          message: 'This word is listed twice',
          input: p.word,
        })
      }
      seen.add(key)
    })
  }),
)

export const CloneVoiceSettings = z.object({
  /** Free text on purpose: anything but the three providers answers 'Unsupported voice provider' at call start. */
  provider: z._default(z.string().check(z.trim(), z.minLength(1), z.maxLength(40)), '11labs'),
  voiceId: z.nullish(z.string().check(z.trim(), z.maxLength(100))),
  speed: z.nullish(z.number().check(z.gte(0.7), z.lte(1.2))),
  stability: z.nullish(z.number().check(z.gte(0), z.lte(1))),
  endpointing: z.nullish(z.enum(ENDPOINTING_CHOICES)),
  transcriberModel: z.nullish(z.enum(TRANSCRIBER_MODELS)),
  pronunciations: z._default(Pronunciations, []),
  /** The clone's first line per language code ('en', 'fr'…); missing languages use the product's greeting. */
  firstMessages: z._default(
    z.record(
      z.string().check(z.minLength(2), z.maxLength(5)),
      z.string().check(z.trim(), z.maxLength(MAX_FIRST_MESSAGE)),
    ),
    {},
  ),
})
export type CloneVoiceSettings = z.infer<typeof CloneVoiceSettings>

export const DEFAULT_VOICE_SETTINGS: CloneVoiceSettings = {
  provider: '11labs',
  pronunciations: [],
  firstMessages: {},
}
