/**
 * What the local answer composer can honour of the creator's tone notes (spec 1 §3 toneFeedback,
 * §2 'Adjust Speaking Style'). A language model reads the notes as they are; the composer looks for
 * the few instructions it can follow. Without notes the clone is warm and concise.
 */
export interface ComposerVoice {
  /** Open with a short friendly line. */
  warm: boolean
  /** End with one practical next step. */
  nextStep: boolean
  /** Point to a clinician when the topic touches health. */
  clinicianNote: boolean
}

export function voiceOf(toneFeedback: string | null): ComposerVoice {
  const notes = (toneFeedback ?? '').toLowerCase()
  const terse = /\b(no small talk|terse|skip (the )?(pleasantries|intro))\b/.test(notes)
  return {
    warm: !terse,
    nextStep: /\b(next step|practical|action)/.test(notes),
    clinicianNote: /\b(clinician|doctor|physician|medical|diagnos)/.test(notes),
  }
}
