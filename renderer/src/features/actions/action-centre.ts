import type { CloneProfile } from '../../../../contract/clone'
import { hasSocialLinks } from '../../lib/socials'
import type { AppDialog } from '../../navigation/dialogs.store'
import type { ActionCentreView } from '../../navigation/search-params'

/** spec 1 §2 'Action centre menu entries', in the spec's order. */
export type ActionMenuEntry = 'share' | 'socials' | 'text' | 'signIn' | 'feedback'

export interface ActionMenuInput {
  /** The clone the menu is about; null where there is none (then only the clone-free entries apply). */
  clone: Pick<
    CloneProfile,
    'public' | 'socials' | 'phoneSmsEnabled' | 'phoneWhatsAppEnabled' | 'telegramEnabled' | 'options'
  > | null
  loggedIn: boolean
}

/** The text media a clone offers (spec 1 §2 medium selection: SMS, WhatsApp, Telegram if enabled). */
export type TextPlatform = 'SMS' | 'WHATSAPP' | 'TELEGRAM'

export function textPlatforms(
  clone: Pick<CloneProfile, 'phoneSmsEnabled' | 'phoneWhatsAppEnabled' | 'telegramEnabled'>,
): TextPlatform[] {
  const platforms: TextPlatform[] = []
  if (clone.phoneSmsEnabled) platforms.push('SMS')
  if (clone.phoneWhatsAppEnabled) platforms.push('WHATSAPP')
  if (clone.telegramEnabled) platforms.push('TELEGRAM')
  return platforms
}

/**
 * spec 1 §2: Share Conversation only if the clone is public; View Socials only if any social is non-empty;
 * Get a Text only if SMS, WhatsApp or Telegram is enabled and email is required; Log in or sign up only when
 * not logged in and email is required; Give feedback always.
 */
export function actionMenuEntries({ clone, loggedIn }: ActionMenuInput): ActionMenuEntry[] {
  const entries: ActionMenuEntry[] = []
  const requireEmail = clone?.options.requireEmail ?? true
  if (clone?.public) entries.push('share')
  if (clone && hasSocialLinks(clone.socials)) entries.push('socials')
  if (clone && requireEmail && textPlatforms(clone).length > 0) entries.push('text')
  if (!loggedIn && requireEmail) entries.push('signIn')
  entries.push('feedback')
  return entries
}

/** The action centre's own views: its menu and the bookmark hint. */
export type ActionCentreHome = 'menu' | 'bookmark'

/** What one value of the `actions` parameter (or one menu entry) does. */
export type ActionCentreStep =
  | { kind: 'dialog'; dialog: AppDialog; home?: ActionCentreHome }
  /** spec 1 §8 'No conversation ID found.': share was asked for outside a conversation. */
  | { kind: 'noConversation' }

/** spec 1 §2 'Query parameter actions'; authenticate opens the login dialog, not the generic one. */
export function stepForView(view: ActionCentreView, conversationId: string | null): ActionCentreStep {
  switch (view) {
    case 'menu':
    case 'bookmark':
      return { kind: 'dialog', dialog: { kind: 'actionCentre' }, home: view }
    case 'authenticate':
      return { kind: 'dialog', dialog: { kind: 'signIn' } }
    case 'history':
      return { kind: 'dialog', dialog: { kind: 'history' } }
    case 'share':
      return conversationId
        ? { kind: 'dialog', dialog: { kind: 'share', conversationId } }
        : { kind: 'noConversation' }
    case 'socials':
      return { kind: 'dialog', dialog: { kind: 'socials' } }
    case 'feedback':
      return { kind: 'dialog', dialog: { kind: 'feedback' } }
    case 'text':
      return { kind: 'dialog', dialog: { kind: 'textOptIn' } }
  }
}

/** The step of a menu entry: the same dialogs the parameter opens. */
export function stepForEntry(entry: ActionMenuEntry, conversationId: string | null): ActionCentreStep {
  const view = (
    {
      share: 'share',
      socials: 'socials',
      text: 'text',
      signIn: 'authenticate',
      feedback: 'feedback',
    } as const
  )[entry]
  return stepForView(view, conversationId)
}

/** Ctrl+D, or ⌘D on Apple computers, bookmarks the page. */
export const bookmarkShortcut = (platform: string): string =>
  /Mac|iPhone|iPad|iPod/i.test(platform) ? '⌘D' : 'Ctrl+D'
