import { describe, expect, it } from 'vitest'
import {
  type ActionMenuInput,
  actionMenuEntries,
  bookmarkShortcut,
  stepForEntry,
  stepForView,
  textPlatforms,
} from '../../../../../renderer/src/features/actions/action-centre'
import { lenaHart } from '../../support/clones'

const none = {
  instagram: null,
  linkedin: null,
  twitter: null,
  facebook: null,
  youtube: null,
  website: null,
  extras: [],
}

/** A clone where every rule of spec 1 §2 holds, adjusted per case. */
const clone = (overrides: Partial<NonNullable<ActionMenuInput['clone']>> = {}) => {
  const base = lenaHart()
  return { ...base, ...overrides, options: { ...base.options, ...overrides.options } }
}

describe('actionMenuEntries (spec 1 §2 action centre menu)', () => {
  it('offers every entry, in the spec’s order, to a logged-out visitor of a public clone with socials and SMS', () => {
    expect(actionMenuEntries({ clone: clone(), loggedIn: false })).toEqual([
      'share',
      'socials',
      'text',
      'signIn',
      'feedback',
    ])
  })

  it.each([
    ['Share Conversation only if the clone is public', clone({ public: false }), false, 'share'],
    [
      'View Socials only if a social is non-empty',
      clone({ socials: { ...none, twitter: '  ' } }),
      false,
      'socials',
    ],
    [
      'Get a Text only if SMS, WhatsApp or Telegram is enabled',
      clone({ phoneSmsEnabled: false, phoneWhatsAppEnabled: false, telegramEnabled: false }),
      false,
      'text',
    ],
    [
      'Get a Text only when email is required',
      clone({ options: { ...lenaHart().options, requireEmail: false } }),
      false,
      'text',
    ],
    ['Log in or sign up only when not logged in', clone(), true, 'signIn'],
    [
      'Log in or sign up only when email is required',
      clone({ options: { ...lenaHart().options, requireEmail: false } }),
      false,
      'signIn',
    ],
  ] as const)('%s', (_rule, c, loggedIn, missing) => {
    const entries = actionMenuEntries({ clone: c, loggedIn })
    expect(entries).not.toContain(missing)
    expect(entries.at(-1)).toBe('feedback')
  })

  it('counts WhatsApp and Telegram as text media too', () => {
    const whatsapp = clone({ phoneSmsEnabled: false, phoneWhatsAppEnabled: true })
    const telegram = clone({ phoneSmsEnabled: false, telegramEnabled: true })
    expect(actionMenuEntries({ clone: whatsapp, loggedIn: false })).toContain('text')
    expect(actionMenuEntries({ clone: telegram, loggedIn: false })).toContain('text')
  })

  it('always offers feedback, and sign-in without a clone', () => {
    expect(actionMenuEntries({ clone: null, loggedIn: false })).toEqual(['signIn', 'feedback'])
    expect(actionMenuEntries({ clone: null, loggedIn: true })).toEqual(['feedback'])
  })
})

describe('textPlatforms', () => {
  it('lists the enabled media in the order SMS, WhatsApp, Telegram', () => {
    expect(
      textPlatforms({ phoneSmsEnabled: true, phoneWhatsAppEnabled: true, telegramEnabled: true }),
    ).toEqual(['SMS', 'WHATSAPP', 'TELEGRAM'])
    expect(
      textPlatforms({ phoneSmsEnabled: false, phoneWhatsAppEnabled: false, telegramEnabled: true }),
    ).toEqual(['TELEGRAM'])
  })
})

describe('stepForView (spec 1 §2 query parameter actions)', () => {
  const conversationId = '7d0c3a8e-62b1-4c50-9b59-6d2d3a4c7e10'
  it.each([
    ['menu', { kind: 'dialog', dialog: { kind: 'actionCentre' }, home: 'menu' }],
    ['bookmark', { kind: 'dialog', dialog: { kind: 'actionCentre' }, home: 'bookmark' }],
    ['authenticate', { kind: 'dialog', dialog: { kind: 'signIn' } }],
    ['history', { kind: 'dialog', dialog: { kind: 'history' } }],
    ['share', { kind: 'dialog', dialog: { kind: 'share', conversationId } }],
    ['socials', { kind: 'dialog', dialog: { kind: 'socials' } }],
    ['feedback', { kind: 'dialog', dialog: { kind: 'feedback' } }],
    ['text', { kind: 'dialog', dialog: { kind: 'textOptIn' } }],
  ] as const)('%s', (view, step) => {
    expect(stepForView(view, conversationId)).toEqual(step)
  })

  it('cannot share without a conversation', () => {
    expect(stepForView('share', null)).toEqual({ kind: 'noConversation' })
    expect(stepForEntry('share', null)).toEqual({ kind: 'noConversation' })
  })

  it('opens the login dialog for the Log in or sign up entry', () => {
    expect(stepForEntry('signIn', null)).toEqual({ kind: 'dialog', dialog: { kind: 'signIn' } })
  })
})

describe('bookmarkShortcut', () => {
  it('is ⌘D on Apple devices and Ctrl+D elsewhere', () => {
    expect(bookmarkShortcut('MacIntel')).toBe('⌘D')
    expect(bookmarkShortcut('Win32')).toBe('Ctrl+D')
    expect(bookmarkShortcut('Linux x86_64')).toBe('Ctrl+D')
  })
})
