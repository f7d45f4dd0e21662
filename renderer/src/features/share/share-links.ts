/*
 * spec 1 §2 'Share row' and §7 'Share URLs': where a conversation (later a call) link is shared to. Pure:
 * the share dialog and call sharing build their links here.
 */

import { shareStrings } from './share.strings'

/** The product's handle on X, added to tweets (spec 1 §7). */
export const PRODUCT_HANDLE = '@likeness'

export const SHARE_PLATFORMS = ['twitter', 'linkedin', 'facebook', 'whatsapp', 'email', 'instagram'] as const
export type SharePlatform = (typeof SHARE_PLATFORMS)[number]

/** The icon row when the device has no native share: X/Twitter, LinkedIn, WhatsApp and email (no Facebook). */
export const SHARE_ROW_PLATFORMS = [
  'twitter',
  'linkedin',
  'whatsapp',
  'email',
] as const satisfies readonly SharePlatform[]

export interface ShareContent {
  url: string
  /** A sentence introducing the link. */
  text: string
  /** The e-mail subject and the LinkedIn title; the text when absent. */
  subject?: string
}

export type ShareTarget =
  | { kind: 'link'; href: string }
  /** No link can be made: tell the person this message instead. */
  | { kind: 'manual'; message: string }

export class UnknownSharePlatformError extends Error {
  constructor(readonly platform: string) {
    super(`Unknown share platform: ${platform}`)
    this.name = 'UnknownSharePlatformError'
  }
}

export const isSharePlatform = (value: string): value is SharePlatform =>
  (SHARE_PLATFORMS as readonly string[]).includes(value)

const query = (params: Record<string, string>) =>
  Object.entries(params)
    .map(([k, v]) => `${k}=${encodeURIComponent(v)}`)
    .join('&')

/** Where sharing `content` on `platform` goes. An unknown platform is an error (spec 1 §5 'Share'). */
export function shareTarget(platform: string, content: ShareContent): ShareTarget {
  if (!isSharePlatform(platform)) throw new UnknownSharePlatformError(platform)
  const { url, text } = content
  const subject = content.subject ?? text
  switch (platform) {
    case 'linkedin':
      return {
        kind: 'link',
        href: `https://www.linkedin.com/shareArticle?${query({ mini: 'true', url, title: subject })}`,
      }
    case 'twitter':
      return {
        kind: 'link',
        href: `https://twitter.com/intent/tweet?${query({ text, url, via: PRODUCT_HANDLE.replace(/^@/, '') })}`,
      }
    case 'facebook':
      return { kind: 'link', href: `https://www.facebook.com/sharer/sharer.php?${query({ u: url })}` }
    case 'whatsapp':
      return { kind: 'link', href: `https://wa.me/?${query({ text: `${text} ${url}` })}` }
    case 'email':
      return { kind: 'link', href: `mailto:?${query({ subject, body: `${text}\n\n${url}` })}` }
    case 'instagram':
      return { kind: 'manual', message: shareStrings.instagramUnsupported }
  }
}
