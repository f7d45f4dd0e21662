import type { FastifyRequest } from 'fastify'
import { type Owner, ownerOf } from '../auth/visitor'
import { type CloneRow, requireCloneForChat, requireInstanceById } from '../clones/queries'
import type { Db } from '../db/client'
import { notFound } from '../errors'
import { findAttachedUploads } from '../uploads/attachments'
import type { UploadRow } from '../uploads/uploads'
import { findOwnedConversation } from './conversation-store'

/** What a chat message names: its clone, optionally an instance and a conversation, and attached files. */
export interface ChatTargetRequest {
  slug: string
  instanceId?: string | null
  conversationId?: string | null
  /** Attached file URLs (uploads of ours). */
  files: readonly string[]
}

export interface ChatTarget {
  clone: CloneRow
  /** The clone's documents version, read with the clone (the knowledge index is picked by it). */
  documentsVersion: string
  instanceId: string | null
  /** null starts a new conversation. */
  conversationId: string | null
  owner: Owner
  attached: UploadRow[]
}

/**
 * Where a chat message goes (the stream and the store of a partial reply): everything that can fail with
 * a status, before anything is written. Unknown clone, instance (of this clone) or conversation (owned by
 * the asker, with this clone) is 404; a file that is not one of our complete uploads is 400 'Invalid file'.
 */
export async function resolveChatTarget(
  db: Db,
  request: FastifyRequest,
  target: ChatTargetRequest,
  publicOrigin: string,
): Promise<ChatTarget> {
  const { clone, documentsVersion } = await requireCloneForChat(db, target.slug)
  const instanceId = target.instanceId
    ? (await requireInstanceById(db, clone.id, target.instanceId)).id
    : null
  const owner = ownerOf(request)
  let conversationId: string | null = null
  if (target.conversationId) {
    const owned = await findOwnedConversation(db, target.conversationId, owner, clone.id)
    if (!owned) throw notFound('Conversation not found')
    conversationId = owned.id
  }
  const attached = await findAttachedUploads(db, target.files, publicOrigin)
  return { clone, documentsVersion, instanceId, conversationId, owner, attached }
}
