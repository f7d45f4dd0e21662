import { useId } from 'react'
import { useSnapshot } from 'valtio'
import { INTERFACE_LANGUAGES } from '../../../contract/languages'
import { storageKeys } from '../../../contract/storage'
import { languageState, nativeLanguageName, preferredLanguage } from '../lib/language'
import { useStoredValue } from '../platform/use-stored-value'
import { languageSelectStrings as s } from './language-select.strings'

const AUTOMATIC = ''

/**
 * The interface language (issue #25): each language by its own name, and the browser's choice. It sets
 * userPreferredLanguage, the one preference calls and dictation start in too; the app switches at once
 * (app/providers.tsx) and a reload keeps it. A native select: the phone's own picker.
 */
export function LanguageSelect({
  className,
  hideLabel = false,
}: Readonly<{ className?: string; hideLabel?: boolean }>) {
  const id = useId()
  const { code } = useSnapshot(languageState)
  const stored = useStoredValue(storageKeys.userPreferredLanguage)
  const chosen =
    stored.value && INTERFACE_LANGUAGES.some((l) => l.code === stored.value) ? stored.value : AUTOMATIC
  const automatic = preferredLanguage(null)
  return (
    <span className={['language-select', className].filter(Boolean).join(' ')}>
      <label htmlFor={id} className={hideLabel ? 'visually-hidden' : 'language-select__label'}>
        {s.label}
      </label>
      <select
        id={id}
        className="language-select__control"
        value={chosen}
        lang={code}
        onChange={(event) => stored.set(event.target.value === AUTOMATIC ? undefined : event.target.value)}
      >
        <option value={AUTOMATIC}>{s.automatic(nativeLanguageName(automatic, automatic))}</option>
        {INTERFACE_LANGUAGES.map((language) => (
          <option key={language.code} value={language.code} lang={language.code}>
            {nativeLanguageName(language.code, language.name)}
          </option>
        ))}
      </select>
    </span>
  )
}
