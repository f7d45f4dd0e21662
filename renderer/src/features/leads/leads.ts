import type { Lead } from '../../../../contract/embed'
import { activeLanguage } from '../../../../contract/i18n'
import { leadsStrings as s } from './leads.strings'

/** A date as the interface language writes it ('Mar 4, 2025'), or a dash when there is none. */
export function formatLeadDate(iso: string | null, locale: string = activeLanguage()): string {
  if (!iso) return s.none
  const date = new Date(iso)
  return Number.isNaN(date.getTime())
    ? s.none
    : new Intl.DateTimeFormat(locale, { dateStyle: 'medium' }).format(date)
}

/** The opt-in column: the medium (when any) and whether texting is on. */
export function optInLabel(optIn: Lead['optIn']): { medium: string; on: boolean } {
  return { medium: optIn.medium ? s.media[optIn.medium] : s.none, on: optIn.optIn }
}

/** Telegram usernames shown with their '@'. */
export const telegramLabel = (username: string | null) =>
  username ? `@${username.replace(/^@/, '')}` : s.none
