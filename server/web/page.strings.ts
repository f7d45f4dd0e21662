import { defineStrings, msg } from '../../contract/i18n'

/**
 * The texts of a clone's first screen the server writes (prerender.ts) that no converted renderer table has
 * yet (issue #25): the same words the web app shows there (RootLayout, ProfileHeader, ProfileActions,
 * ProfileDescription, SuggestedQuestions, the prompt bar, TalkHeader, StartScreen, ChatPrompt, PoweredBy),
 * and the description of its link previews (page-head.ts).
 * The rest are read by the renderer's own ids (appText). Read with `stringsIn('server.page', language)`.
 * {name} is the clone's name, {product} the product's (PRODUCT_NAME, contract/product.ts).
 */
export const pageStrings = defineStrings('server.page', {
  skipToContent: 'Skip to content',
  // The clone's warning banner (spec 1 §2): its label, the generic text when the creator wrote none, and
  // its close button.
  warning: 'Warning',
  genericWarning: 'This is an AI clone. Answers may be inaccurate.',
  dismissWarning: 'Dismiss warning',
  // The verified-creator mark next to a clone's name, as a screen reader announces it.
  verified: 'Verified',
  // The profile's actions (spec 1 §2)
  message: 'Message',
  call: 'Call',
  video: 'Video',
  viewLinks: 'View Links',
  about: msg('About {name}', 'name'),
  suggestedQuestions: 'Suggested questions',
  showMoreQuestions: msg('Show {count} more', 'count'),
  // The profile's prompt bar: its send button.
  send: 'Send message',
  // The talk screen
  backTo: msg('Back to {name}', 'name'),
  startHint: 'Ask a question to start the conversation.',
  poweredBy: msg('Powered by {product}', 'product'),
  opensInNewTab: '(opens in a new tab)',
  // The page's description for link previews (its <meta> and cards) when the clone has no headline of its
  // own, and for a shared conversation's link (followed by the clone's headline).
  talkWith: msg('Talk with {name} on {product}.', 'name', 'product'),
  conversationWith: msg('A conversation with {name} on {product}.', 'name', 'product'),
})
