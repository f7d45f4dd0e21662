import { proxy } from 'valtio'
import { openDialog } from '../../navigation/dialogs.store'
import type { ActionCentreHome, ActionCentreStep } from './action-centre'

/** Which of its own views the action centre shows when it opens (its dialog kind has no payload). */
export const actionCentre = proxy<{ home: ActionCentreHome }>({ home: 'menu' })

/** Carries out a step; answers false when it could not (no conversation to share), for the caller's toast. */
export function runActionCentreStep(step: ActionCentreStep): boolean {
  if (step.kind === 'noConversation') return false
  if (step.home) actionCentre.home = step.home
  openDialog(step.dialog)
  return true
}
