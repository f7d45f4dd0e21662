import { type CloneCard, CloneProfile } from '../../../../contract/clone'

const baseOptions = {
  id: 'opt-1',
  locationId: null,
  suggestQuestions: true,
  requireEmail: true,
  requirePhoneNumber: false,
  productLogo: true,
  autoDial: false,
  warning: true,
  customWarning: null,
  enableImageSending: true,
  enableMultiLanguage: false,
  voiceModel: null,
}

const emptySocials = {
  instagram: null,
  linkedin: null,
  twitter: null,
  facebook: null,
  youtube: null,
  website: null,
  extras: [],
}

/** A rich demo clone like the seed's 'lena-hart'. */
export const lenaHart = (overrides: Partial<CloneProfile> = {}): CloneProfile =>
  CloneProfile.parse({
    id: 'clone-lena',
    slug: 'lena-hart',
    name: 'Lena Hart',
    headline: 'Sleep scientist and author',
    imageUrl: '/media/clones/lena-hart.svg',
    verified: true,
    allowVoice: true,
    allowVideo: true,
    description: 'I study sleep.\n\nAsk me about rest, naps and routines.',
    language: 'en',
    languages: ['en'],
    voiceId: 'voice-1',
    orgs: [],
    public: true,
    socials: {
      ...emptySocials,
      instagram: '@lenahart',
      linkedin: 'lena-hart',
      website: 'https://lenahart.example.com/',
      extras: ['lenahart.example.com/podcast'],
    },
    phoneNumber: '+14155550123',
    telegramUsername: null,
    phoneSmsEnabled: true,
    phoneWhatsAppEnabled: false,
    telegramEnabled: false,
    viewSources: true,
    toneFeedback: null,
    tier: 'pro',
    status: 'IDLE',
    createdAt: '2024-01-01T00:00:00.000Z',
    options: { ...baseOptions, customWarning: 'Lena’s clone gives general information, not medical advice.' },
    suggestedQuestions: [
      { id: 'q1', question: 'How much sleep do I need?' },
      { id: 'q2', question: 'Are naps good for me?' },
      { id: 'q3', question: 'What should I do before bed?' },
      { id: 'q4', question: 'Is coffee bad for sleep?' },
      { id: 'q5', question: 'How do I beat jet lag?' },
      { id: 'q6', question: 'Why do I wake up at 3am?' },
    ],
    memberships: [],
    instance: null,
    upsellTitle: null,
    ...overrides,
  })

/** A plain clone like the seed's 'tomas-rivera': no socials, no voice, no video, no warning. */
export const tomasRivera = (overrides: Partial<CloneProfile> = {}): CloneProfile =>
  CloneProfile.parse({
    ...lenaHart(),
    id: 'clone-tomas',
    slug: 'tomas-rivera',
    name: 'Tomas Rivera',
    headline: 'Chef',
    imageUrl: '/media/clones/tomas-rivera.svg',
    verified: false,
    allowVoice: false,
    allowVideo: false,
    socials: emptySocials,
    phoneNumber: null,
    options: { ...baseOptions, requireEmail: false, warning: false },
    suggestedQuestions: [{ id: 't1', question: 'What should I cook tonight?' }],
    ...overrides,
  })

export const cardOf = (clone: CloneProfile): CloneCard => ({
  id: clone.id,
  slug: clone.slug,
  name: clone.name,
  headline: clone.headline,
  imageUrl: clone.imageUrl,
  verified: clone.verified,
  allowVoice: clone.allowVoice,
  allowVideo: clone.allowVideo,
})
