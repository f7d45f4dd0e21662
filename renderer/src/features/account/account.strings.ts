import { defineStrings, msg } from '../../../../contract/i18n'

export const accountStrings = defineStrings('account', {
  logIn: 'Log in',
  /** {who}: the signed-in user's name or email. */
  accountMenu: msg('Account menu for {who}', 'who'),
  profile: 'Profile',
  billing: 'Billing',
  actions: 'Actions',
  /** Issue #16: every signed-in user has a studio, where they create and run their clones. */
  studio: 'Studio',
  giveFeedback: 'Give feedback',
  editSuggestedQuestions: 'Edit suggested questions',
  leads: 'Leads',
  embeds: 'Embeds',
  announcements: 'Announcements',
  opensInNewTab: '(opens in a new tab)',
  logOut: 'Log out',
})
