import { defineStrings, msg } from '../../../contract/i18n'

/** The interface language picker (issue #25): the account menu, /profile and the embed's menu. */
export const languageSelectStrings = defineStrings('language-select', {
  label: 'Language',
  /** The option that follows the browser's languages, with the one that gives now. */
  automatic: msg('Browser language ({language})', 'language'),
})
