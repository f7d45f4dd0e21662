import { DropdownMenu } from '@radix-ui/themes'
import { useSnapshot } from 'valtio'
import { INTERFACE_LANGUAGES } from '../../../contract/languages'
import { storageKeys } from '../../../contract/storage'
import { languageState, nativeLanguageName, preferredLanguage } from '../lib/language'
import { useStoredValue } from '../platform/use-stored-value'
import { languageSelectStrings as s } from './language-select.strings'

const AUTOMATIC = 'automatic'

/**
 * The interface language as a menu's submenu (issue #25): the account menu's 'Language', each language by
 * its own name. It sets userPreferredLanguage like the other pickers (ui/LanguageSelect.tsx).
 */
export function LanguageSubMenu() {
  const { code } = useSnapshot(languageState)
  const stored = useStoredValue(storageKeys.userPreferredLanguage)
  const chosen =
    stored.value && INTERFACE_LANGUAGES.some((l) => l.code === stored.value) ? stored.value : AUTOMATIC
  const automatic = preferredLanguage(null)
  return (
    <DropdownMenu.Sub>
      <DropdownMenu.SubTrigger>
        {s.label} · {nativeLanguageName(code, code)}
      </DropdownMenu.SubTrigger>
      <DropdownMenu.SubContent className="language-menu">
        <DropdownMenu.RadioGroup
          value={chosen}
          onValueChange={(value) => stored.set(value === AUTOMATIC ? undefined : value)}
        >
          <DropdownMenu.RadioItem value={AUTOMATIC}>
            {s.automatic(nativeLanguageName(automatic, automatic))}
          </DropdownMenu.RadioItem>
          {INTERFACE_LANGUAGES.map((language) => (
            <DropdownMenu.RadioItem key={language.code} value={language.code} lang={language.code}>
              {nativeLanguageName(language.code, language.name)}
            </DropdownMenu.RadioItem>
          ))}
        </DropdownMenu.RadioGroup>
      </DropdownMenu.SubContent>
    </DropdownMenu.Sub>
  )
}
