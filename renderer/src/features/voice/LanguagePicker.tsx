import { useId } from 'react'
import { SELECTABLE_LANGUAGES } from '../../../../contract/languages'
import { ChevronDownIcon } from '../../ui/lazy-icons'
import { voiceStrings } from './voice.strings'

/**
 * spec 2 §2/§5: the call's language, among the languages with voice model and transcription support. A
 * native select: the phone's own picker, and no Radix Select styles added to every page's first load.
 */
export function LanguagePicker({
  value,
  onChange,
}: Readonly<{ value: string; onChange: (code: string) => void }>) {
  const id = useId()
  return (
    <span className="call-language">
      <label htmlFor={id} className="visually-hidden">
        {voiceStrings.language}
      </label>
      <select id={id} value={value} onChange={(event) => onChange(event.target.value)}>
        {SELECTABLE_LANGUAGES.map((language) => (
          <option key={language.code} value={language.code}>
            {language.name}
          </option>
        ))}
      </select>
      <ChevronDownIcon size={14} aria-hidden className="call-language__chevron" />
    </span>
  )
}
