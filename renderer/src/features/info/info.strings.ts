import { defineStrings, msg } from '../../../../contract/i18n'

/**
 * The short legal pages (spec 1 §2 '/privacy-policy', '/terms-of-use'), linked from the text opt-in form
 * and contact capture. {product} is the product's name.
 */
export const infoStrings = defineStrings('info', {
  /** Under each page's title; {date} is the month and year of the last change (e.g. 'January 2025'). */
  lastUpdated: msg('Last updated {date}', 'date'),
  backToExplore: 'Back to Explore',

  privacy: {
    title: 'Privacy Policy',
    collectTitle: 'What we collect',
    collect: msg(
      'When you talk with a clone on {product}, we store the messages you send and the answers you receive so the conversation can continue where you left it. If you sign in or share contact details, we keep your email address and, if you give it, your phone number. Voice and video calls are transcribed, and video calls are recorded so you can replay and share them.',
      'product',
    ),
    useTitle: 'How we use it',
    use: 'We use your conversations to answer you, to show you your history, and to let the creator behind a clone understand which questions people ask. We use your contact details to sign you in, to send one-time codes, and to send messages you asked for, such as texts from a clone. We do not sell your personal data.',
    seeTitle: 'Who can see it',
    see: 'The creator of a clone and the contributors they invite can read conversations held with that clone. A conversation you share is visible to anyone with its link until you unshare it. Service providers that process payments, send email or texts, and convert speech receive only what they need to do that work.',
    choicesTitle: 'Your choices',
    choices:
      'You can archive conversations, unshare links, and ask us to delete your account and the data tied to it at any time. Preferences such as your language and dismissed notices are kept on your own device and can be cleared from your browser or app settings.',
  },

  terms: {
    title: 'Terms of Use',
    clonesTitle: 'AI clones are not the people they represent',
    clones: msg(
      'Every clone on {product} is software that answers in the style of a real creator, based on material the creator provided. Its answers are generated automatically, may be inaccurate or out of date, and are not personal, medical, legal or financial advice from that person.',
      'product',
    ),
    serviceTitle: 'Using the service',
    service:
      "Use clones for lawful purposes only. Do not try to extract other visitors' data, overload the service, impersonate others, or make a clone produce content that harasses, deceives or harms people. We may limit or close access for anyone who does.",
    membershipsTitle: 'Memberships and usage limits',
    memberships:
      'Free use is limited by message and call quotas. Paid memberships are billed monthly or annually in US dollars, renew automatically, and can be cancelled at any time; a cancellation takes effect at the end of the paid period.',
    contentTitle: 'Your content',
    content:
      "You keep the rights to what you write and say. You allow us to store and process it to run the service, including showing it to the clone's creator. Creators remain responsible for the material their clones are trained on.",
  },
})
