import { stringsIn } from '../../contract/i18n'
import { readyLanguage } from '../i18n'
import type { callsStrings } from './calls.strings'
// The table registers itself when imported.
import './calls.strings'

/** A call's spoken lines in the call's language (English where its catalog lacks them). */
export const callTexts = (language: string) =>
  stringsIn<typeof callsStrings>('server.calls', readyLanguage(language))
