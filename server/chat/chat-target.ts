import type { FastifyRequest } from 'fastify'
import { EMBED_CONFIG_HEADER } from '../../contract/embed-protocol'
import { type Owner, ownerOf } from '../auth/visitor'
import { type CloneRow, requireCloneForChat, requireInstanceById } from '../clones/queries'
import type { Db } from '../db/client'
import { findCloneEmbedConfig } from '../embeds/store'
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
  /** The medium of a conversation this message starts: EMBED when asked from one of the clone's embeds. */
  medium: 'WEB' | 'EMBED'
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
  const medium = await mediumOf(db, request, clone.id)
  return { clone, documentsVersion, instanceId, conversationId, owner, attached, medium }
}

/**
 * The product in an iframe names its embed configuration on every request (EMBED_CONFIG_HEADER): a
 * configuration of this clone makes new conversations medium EMBED (spec 1 §3 'Conversation'); a header
 * naming anything else is ignored, as if not sent.
 */
async function mediumOf(db: Db, request: FastifyRequest, cloneId: string): Promise<'WEB' | 'EMBED'> {
  const configId = request.headers[EMBED_CONFIG_HEADER]
  if (typeof configId !== 'string' || !configId) return 'WEB'
  return (await findCloneEmbedConfig(db, cloneId, configId.trim())) ? 'EMBED' : 'WEB'
}
