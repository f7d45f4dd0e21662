export const accountStrings = {
  logIn: 'Log in',
  accountMenu: (who: string) => `Account menu for ${who}`,
  profile: 'Profile',
  billing: 'Billing',
  actions: 'Actions',
  giveFeedback: 'Give feedback',
  editSuggestedQuestions: 'Edit suggested questions',
  leads: 'Leads',
  embeds: 'Embeds',
  announcements: 'Announcements',
  opensInNewTab: '(opens in a new tab)',
  logOut: 'Log out',
} as const
