import { SILENT_UPDATES_TO_STOP } from './video.constants'

/*
 * spec 2 §4 'Speaking detection starts on the first positive audio level and stops after 4 consecutive
 * silent updates' (the replica's level arrives every 200 ms). Pure: the store feeds it each level.
 */

export interface SpeakingState {
  speaking: boolean
  silentUpdates: number
}

export const notSpeaking: SpeakingState = { speaking: false, silentUpdates: 0 }

export interface SpeakingStep {
  state: SpeakingState
  change: 'start' | 'stop' | null
}

export function nextSpeaking(state: SpeakingState, level: number): SpeakingStep {
  if (level > 0) {
    return { state: { speaking: true, silentUpdates: 0 }, change: state.speaking ? null : 'start' }
  }
  if (!state.speaking) return { state, change: null }
  const silentUpdates = state.silentUpdates + 1
  if (silentUpdates >= SILENT_UPDATES_TO_STOP) return { state: notSpeaking, change: 'stop' }
  return { state: { speaking: true, silentUpdates }, change: null }
}
