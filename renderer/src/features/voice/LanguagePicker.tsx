import { Select } from '@radix-ui/themes'
import { SELECTABLE_LANGUAGES } from '../../../../contract/languages'
import { voiceStrings } from './voice.strings'

/** spec 2 §2/§5: the call's language, among the languages with voice model and transcription support. */
export function LanguagePicker({
  value,
  onChange,
}: Readonly<{ value: string; onChange: (code: string) => void }>) {
  return (
    <Select.Root value={value} onValueChange={onChange} size="2">
      <Select.Trigger variant="soft" color="gray" aria-label={voiceStrings.language} />
      <Select.Content position="popper">
        {SELECTABLE_LANGUAGES.map((language) => (
          <Select.Item key={language.code} value={language.code}>
            {language.name}
          </Select.Item>
        ))}
      </Select.Content>
    </Select.Root>
  )
}
