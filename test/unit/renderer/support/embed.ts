import { vi } from 'vitest'
import type { EmbedParentMessage } from '../../../../contract/embed-protocol'
import type { EmbedContext, Platform } from '../../../../renderer/src/platform'
import { createMemoryStorage, createWebPlatform } from '../../../../renderer/src/platform/web'

export const EMBED_CONFIG_ID = '6f1c7a52-2b7e-4c55-9d7b-5c6a5c3e9a10'
export const EMBED_ROOT = `/embed/lena-hart/${EMBED_CONFIG_ID}`

/** An embed context whose parent is a spy, and whose parent messages the test sends with `fromParent`. */
export function fakeEmbed(overrides: Partial<EmbedContext> = {}) {
  const listeners = new Set<(message: EmbedParentMessage) => void>()
  const notifyParent = vi.fn()
  const embed: EmbedContext = {
    configId: EMBED_CONFIG_ID,
    target: 'lena-hart',
    cloneSlug: 'lena-hart',
    instanceSlug: null,
    root: EMBED_ROOT,
    parentOrigin: 'https://creator.test',
    layout: 'bubble',
    whitelabel: false,
    textLimit: null,
    voiceLimitSeconds: null,
    mainSiteOrigin: 'http://localhost',
    notifyParent,
    onParentMessage(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    ...overrides,
  }
  const fromParent = (message: EmbedParentMessage) => {
    for (const listener of listeners) listener(message)
  }
  return { embed, notifyParent, fromParent }
}

/** The web platform with an embed context (what platform/embed.ts builds, without the boot). */
export const embedPlatform = (embed: EmbedContext, storage = createMemoryStorage()): Platform => ({
  ...createWebPlatform(storage),
  embed,
})
