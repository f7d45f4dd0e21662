import { z } from 'zod'

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
    .trim()
    .min(1)
    .max(60)
    .regex(PRONOUNCED_WORD, 'Letters, digits, apostrophes and hyphens only'),
  /** 'phonemes': IPA; 'respelling': how it sounds written out ("Nguyen" → "win"). */
  kind: z.enum(['phonemes', 'respelling']),
  say: z.string().trim().min(1).max(120),
})
export type Pronunciation = z.infer<typeof Pronunciation>

export const CloneVoiceSettings = z
  .object({
    /** Free text on purpose: anything but the three providers answers 'Unsupported voice provider' at call start. */
    provider: z.string().trim().min(1).max(40).default('11labs'),
    voiceId: z.string().trim().max(100).nullish(),
    speed: z.number().min(0.7).max(1.2).nullish(),
    stability: z.number().min(0).max(1).nullish(),
    endpointing: z.enum(ENDPOINTING_CHOICES).nullish(),
    transcriberModel: z.enum(TRANSCRIBER_MODELS).nullish(),
    pronunciations: z.array(Pronunciation).max(MAX_PRONUNCIATIONS).default([]),
    /** The clone's first line per language code ('en', 'fr'…); missing languages use the product's greeting. */
    firstMessages: z.record(z.string().min(2).max(5), z.string().trim().max(MAX_FIRST_MESSAGE)).default({}),
  })
  .superRefine((value, ctx) => {
    const seen = new Set<string>()
    value.pronunciations.forEach((p, i) => {
      const key = p.word.toLowerCase()
      if (seen.has(key)) {
        ctx.addIssue({
          code: 'custom',
          path: ['pronunciations', i, 'word'],
          message: 'This word is listed twice',
        })
      }
      seen.add(key)
    })
  })
export type CloneVoiceSettings = z.infer<typeof CloneVoiceSettings>

export const DEFAULT_VOICE_SETTINGS: CloneVoiceSettings = {
  provider: '11labs',
  pronunciations: [],
  firstMessages: {},
}
