import { storageKeys } from '../../platform/storage-keys'
import { useStoredValue } from '../../platform/use-stored-value'
import { acknowledgeWarning, isWarningAcknowledged } from './warning'

/**
 * The warning banner's state for one clone, remembered through the platform (storage key
 * warningAcknowledged). Nothing shows until the stored value is read, so a dismissed banner never flashes.
 */
export function useCloneWarning(slug: string, text: string | null) {
  const stored = useStoredValue(storageKeys.warningAcknowledged)
  const visible = text !== null && stored.loaded && !isWarningAcknowledged(stored.value, slug, text)
  const dismiss = () => {
    if (text !== null) stored.set(acknowledgeWarning(stored.value, slug, text))
  }
  return { visible, text, dismiss }
}
