import type { CloneOptions } from '../../../../contract/clone'
import { profileStrings } from './profile.strings'

export type WarningAcknowledgements = Record<string, string>

/** spec 1 §2: the clone's custom warning, the generic one when none is set, nothing when warnings are off. */
export const warningTextFor = (options: Pick<CloneOptions, 'warning' | 'customWarning'>): string | null => {
  if (!options.warning) return null
  return options.customWarning?.trim() || profileStrings.genericWarning
}

/** The banner stays dismissed only while the acknowledged text is the one shown now. */
export const isWarningAcknowledged = (
  acknowledged: WarningAcknowledgements | undefined,
  slug: string,
  text: string,
): boolean => acknowledged?.[slug] === text

export const acknowledgeWarning = (
  acknowledged: WarningAcknowledgements | undefined,
  slug: string,
  text: string,
): WarningAcknowledgements => ({ ...acknowledged, [slug]: text })
