/** The action centre's texts in one table (spec 1 §2 'Action centre menu entries', 'Dialogs', §8). */
export const actionsStrings = {
  menuTitle: 'Actions',
  menuDescription: (name: string | null) =>
    name ? `What would you like to do with ${name}?` : 'What would you like to do?',
  shareConversation: 'Share Conversation',
  viewSocials: 'View Socials',
  getText: 'Get a Text',
  signIn: 'Log in or sign up',
  giveFeedback: 'Give feedback',
  noConversation: 'No conversation ID found.',
  close: 'Close',
  back: 'Back',

  // 'bookmark': the Add to Home Screen hint (spec 1 §2)
  bookmarkTitle: 'Save this page',
  bookmarkLead: (name: string | null) =>
    name ? `Keep ${name} one tap away:` : 'Keep this page one tap away:',
  bookmarkPhoneHeading: 'On your phone',
  bookmarkPhoneSteps: ['Tap the Share icon at the bottom', "Scroll to 'Add to Home Screen'", "Tap 'Done'"],
  bookmarkDesktopHeading: 'On a computer',
  bookmarkDesktop: (shortcut: string) => `Press ${shortcut} to bookmark this page.`,

  // 'text': the medium selection (spec 1 §2 'Dialogs', §4 'Text opt-in')
  textTitle: (name: string) => `Text ${name}`,
  selectPlatform: 'Select Platform',
  sms: 'SMS',
  whatsapp: 'WhatsApp',
  telegram: 'Telegram',
  noPlatforms: (name: string) => `${name} can’t be reached by text message yet.`,
  comingSoonTitle: (platform: string) => `${platform} is coming soon`,
  comingSoonBody: (name: string, platform: string) =>
    `Texting ${name} on ${platform} is almost ready. Until then, you can keep chatting here.`,
  keepChatting: 'Keep chatting here',
} as const
