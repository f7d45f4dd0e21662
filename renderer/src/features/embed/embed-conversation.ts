import { createContext } from 'react'
import type { PlatformStorage } from '../../platform'
import { storageKeys } from '../../platform/storage-keys'

/*
 * spec 1 §3 'embed conversation keys', §7 setConversationCookie: the embed remembers, per clone (and
 * instance), the conversation its visitor last had open, so a returning visitor continues it. The snippet
 * always opens the embed's root, so the address alone cannot bring them back.
 */

export interface EmbedConversationStore {
  /** The remembered id; null when none; undefined when the shell cannot tell without waiting. */
  peek(slug: string, instanceSlug: string | null): string | null | undefined
  read(slug: string, instanceSlug: string | null): Promise<string | null>
  remember(slug: string, instanceSlug: string | null, conversationId: string): Promise<void>
  forget(slug: string, instanceSlug: string | null): Promise<void>
}

/**
 * Over the platform's store, through the key the contract names. What this page wrote is known at once,
 * so a 'New Conversation' followed by the root's read never sees the forgotten id again.
 */
export function createEmbedConversationStore(storage: PlatformStorage): EmbedConversationStore {
  const known = new Map<string, string | null>()
  const keyOf = storageKeys.embedConversation
  const warn = (error: unknown) => console.warn('The embed conversation key could not be stored', error)
  return {
    peek(slug, instanceSlug) {
      const key = keyOf(slug, instanceSlug)
      if (known.has(key.name)) return known.get(key.name) ?? null
      return storage.peek ? (storage.peek(key) ?? null) : undefined
    },
    async read(slug, instanceSlug) {
      const key = keyOf(slug, instanceSlug)
      if (known.has(key.name)) return known.get(key.name) ?? null
      const stored = (await storage.get(key).catch(() => undefined)) ?? null
      // A write while reading wins over what was read.
      return known.has(key.name) ? (known.get(key.name) ?? null) : stored
    },
    remember(slug, instanceSlug, conversationId) {
      const key = keyOf(slug, instanceSlug)
      known.set(key.name, conversationId)
      return storage.set(key, conversationId).catch(warn)
    },
    forget(slug, instanceSlug) {
      const key = keyOf(slug, instanceSlug)
      known.set(key.name, null)
      return storage.remove(key).catch(warn)
    },
  }
}

/** Provided by the embed's bridge (EmbedBridge) around the pages; absent outside an embed. */
export const EmbedConversationContext = createContext<EmbedConversationStore | null>(null)
