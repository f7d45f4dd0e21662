// The embed's face inside the product (issue #14): what the shell, account menu, talk and voice features use.
// The boot itself lives in platform/embed.ts and navigation/embed-rewrite.ts (lazy, embed mode only).
export { EmbedHeaderControls } from './EmbedHeaderControls'
export { embedStrings } from './embed.strings'
export {
  notifyVoiceExhausted,
  useEmbedTextLimit,
  voiceLimitReplacesPaywall,
  voiceLimitSeconds,
  watchVoiceLimit,
} from './embed-limits'
export { type AccountPage, accountLinkTarget, MainSiteLink, productPageTarget } from './main-site'
export { PoweredBy } from './PoweredBy'
export { useEmbed } from './use-embed'
export { type HandleCookieInput, useHandleCookie } from './use-handle-cookie'
export { useFocusWhenOpened } from './use-parent-opened'

/** Mounted by the root layout in embed mode only: its own small chunk. */
export const loadEmbedBridge = () => import('./EmbedBridge')
