import { type EmbedContext, usePlatform } from '../../platform'

/** The embed the product runs in, or null on the product's own site and in the desktop app. */
export const useEmbed = (): EmbedContext | null => usePlatform().embed
