import {
  type CloneVoiceSettings,
  type ENDPOINTING_CHOICES,
  MAX_PRONUNCIATIONS,
  PROVIDER_TUNING,
  type Pronunciation,
  type TRANSCRIBER_MODELS,
  type VoiceSettingProvider,
} from '../../../../contract/voice-settings'

/*
 * The call voice form's draft (issue #26 part 2): what the creator is editing, kept apart from what was
 * saved, checked the way the server checks it so a mistake is marked on its field before Save.
 */

export interface PronunciationRow extends Pronunciation {
  /** A stable key for the row while its word is typed. */
  key: string
}

export interface FirstMessageRow {
  language: string
  text: string
}

export interface VoiceDraft {
  provider: string
  voiceId: string
  /** null: the provider's default. */
  speed: number | null
  stability: number | null
  endpointing: '' | (typeof ENDPOINTING_CHOICES)[number]
  transcriberModel: '' | (typeof TRANSCRIBER_MODELS)[number]
  pronunciations: PronunciationRow[]
  /** The clone's own language first, then the others in the order they were added. */
  firstMessages: FirstMessageRow[]
}

export type PronunciationProblem = 'wordMissing' | 'sayMissing' | 'wordInvalid' | 'wordTwice'

/** The same rule as contract/voice-settings.ts: letters, digits, apostrophes and hyphens, inner spaces. */
const PRONOUNCED_WORD = /^[\p{L}\p{N}'’-]+(?: [\p{L}\p{N}'’-]+)*$/u

let nextKey = 0
export const newRowKey = () => `word-${++nextKey}`

export function voiceDraftOf(saved: CloneVoiceSettings, cloneLanguage: string): VoiceDraft {
  const own = { language: cloneLanguage, text: saved.firstMessages[cloneLanguage] ?? '' }
  const others = Object.entries(saved.firstMessages)
    .filter(([language]) => language !== cloneLanguage)
    .map(([language, text]) => ({ language, text }))
  return {
    provider: saved.provider,
    voiceId: saved.voiceId ?? '',
    speed: saved.speed ?? null,
    stability: saved.stability ?? null,
    endpointing: saved.endpointing ?? '',
    transcriberModel: saved.transcriberModel ?? '',
    pronunciations: saved.pronunciations.map((p) => ({ ...p, key: newRowKey() })),
    firstMessages: [own, ...others],
  }
}

/** What PUT /api/studio/:slug/voice-settings receives; blank first messages are left out. */
export function voiceSettingsOfDraft(draft: VoiceDraft): CloneVoiceSettings {
  const firstMessages: Record<string, string> = {}
  for (const row of draft.firstMessages) {
    const text = row.text.trim()
    if (text) firstMessages[row.language] = text
  }
  // A tuning the provider does not have is not kept (its slider is hidden; a value left from another provider).
  const tuning = PROVIDER_TUNING[draft.provider as VoiceSettingProvider]
  return {
    provider: draft.provider,
    voiceId: draft.voiceId.trim() || null,
    speed: tuning?.speed ? draft.speed : null,
    stability: tuning?.stability ? draft.stability : null,
    endpointing: draft.endpointing || null,
    transcriberModel: draft.transcriberModel || null,
    pronunciations: draft.pronunciations
      .filter((row) => !isBlank(row))
      .map(({ word, kind, say }) => ({
        word: word.trim(),
        kind,
        say: say.trim(),
      })),
    firstMessages,
  }
}

/** Two drafts say the same thing when they would save the same settings. */
export const sameVoiceDraft = (a: VoiceDraft, b: VoiceDraft) =>
  JSON.stringify(voiceSettingsOfDraft(a)) === JSON.stringify(voiceSettingsOfDraft(b))

/** A row added and left empty: nothing to check, nothing saved. */
const isBlank = (row: PronunciationRow) => !row.word.trim() && !row.say.trim()

/** Each row's first problem, by row key; empty when the draft can be saved. */
export function pronunciationProblems(rows: readonly PronunciationRow[]): Map<string, PronunciationProblem> {
  const problems = new Map<string, PronunciationProblem>()
  const seen = new Set<string>()
  for (const row of rows) {
    if (isBlank(row)) continue
    const word = row.word.trim()
    const key = word.toLowerCase()
    if (!word) problems.set(row.key, 'wordMissing')
    else if (!PRONOUNCED_WORD.test(word)) problems.set(row.key, 'wordInvalid')
    else if (seen.has(key)) problems.set(row.key, 'wordTwice')
    else if (!row.say.trim()) problems.set(row.key, 'sayMissing')
    if (word) seen.add(key)
  }
  return problems
}

export const canAddPronunciation = (draft: VoiceDraft) => draft.pronunciations.length < MAX_PRONUNCIATIONS

/** The pronunciations that can already be heard: complete rows, each word once. */
export function usablePronunciations(rows: readonly PronunciationRow[]): Pronunciation[] {
  const problems = pronunciationProblems(rows)
  return rows
    .filter((row) => !isBlank(row) && !problems.has(row.key))
    .map(({ word, kind, say }) => ({ word: word.trim(), kind, say: say.trim() }))
}
