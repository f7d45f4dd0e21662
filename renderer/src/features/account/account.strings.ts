export const accountStrings = {
  logIn: 'Log in',
  accountMenu: (who: string) => `Account menu for ${who}`,
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
} as const
