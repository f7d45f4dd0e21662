import { randomBytes, randomUUID } from 'node:crypto'
import { and, asc, eq, inArray, isNull } from 'drizzle-orm'
import type { SharedConversation } from '../../contract'
import type { Owner } from '../auth/visitor'
import type { Db } from '../db/client'
import { clones, conversations, instances, messageAffiliates, messageCitations, messages } from '../db/schema'
import { parseFileUrl } from '../uploads/attachments'
import { findCompleteFile, type UploadRow } from '../uploads/uploads'
import { withoutOwnFileUrls } from './attached-file-citations'
import { type ConversationRow, withCitationsAndAffiliates } from './message-view'

/*
 * Sharing (spec 1 §4 'Conversations': shared = shareId set, unshared = shareId null). A share id is a random
 * url-safe secret, never the conversation id, so a link reveals nothing else and dies the moment it is cleared.
 * The same holds for the visitor's attached files: the shared view names each by the share, the message and its
 * place there (sharedFileUrl), never by the file's own unguessable address, so unsharing ends access to them too.
 */

/** 96 random bits, 16 url-safe characters. */
export const newShareId = () => randomBytes(12).toString('base64url')

/** The call media, whose conversations are shared as calls (spec 2 §2), not as chats. */
const VOICE_MEDIA: ReadonlySet<string> = new Set(['BROWSER_VOICE', 'PHONE_VOICE'])

/**
 * spec 1 §7 'Share URLs': {public host}/{slug}[/{instanceSlug}]/talk/conversation/shared/{shareId}. A call's
 * conversation is shared as the call (spec 2 §2): a voice call at {public host}/{slug}/call/shared/{shareId},
 * a video call at {public host}/{slug}/video/shared/{shareId} (the clone's pages: instances have no shared
 * call pages, server/web/clone-pages.ts).
 */
export function sharedConversationUrl(
  publicUrl: string,
  slug: string,
  instanceSlug: string | null,
  shareId: string,
  medium?: string,
): string {
  const host = publicUrl.replace(/\/+$/, '')
  const callPage = medium && VOICE_MEDIA.has(medium) ? 'call' : medium === 'VIDEO' ? 'video' : null
  if (callPage) return `${host}/${encodeURIComponent(slug)}/${callPage}/shared/${encodeURIComponent(shareId)}`
  const clonePath = instanceSlug
    ? `${encodeURIComponent(slug)}/${encodeURIComponent(instanceSlug)}`
    : encodeURIComponent(slug)
  return `${publicUrl.replace(/\/+$/, '')}/${clonePath}/talk/conversation/shared/${encodeURIComponent(shareId)}`
}

/** The slugs a conversation's links are built from. */
export async function conversationPlace(
  db: Db,
  row: Pick<ConversationRow, 'id'>,
): Promise<{ slug: string; instanceSlug: string | null }> {
  const [place] = await db
    .select({ slug: clones.slug, instanceSlug: instances.slug })
    .from(conversations)
    .innerJoin(clones, eq(clones.id, conversations.cloneId))
    .leftJoin(instances, eq(instances.id, conversations.instanceId))
    .where(eq(conversations.id, row.id))
    .limit(1)
  return { slug: place!.slug, instanceSlug: place!.instanceSlug }
}

/** Shares a conversation; stable: sharing again answers the same id until it is unshared. */
export async function shareConversation(db: Db, row: ConversationRow): Promise<string> {
  if (row.shareId) return row.shareId
  const [updated] = await db
    .update(conversations)
    .set({ shareId: newShareId() })
    .where(and(eq(conversations.id, row.id), isNull(conversations.shareId)))
    .returning({ shareId: conversations.shareId })
  if (updated?.shareId) return updated.shareId
  // Shared by a concurrent request between our read and our write: answer its id.
  const [current] = await db
    .select({ shareId: conversations.shareId })
    .from(conversations)
    .where(eq(conversations.id, row.id))
  return current!.shareId!
}

/** A shared message's file as the shared view names it: dead once the conversation is unshared. */
export function sharedFileUrl(shareId: string, messageId: string, index: number, fileName: string): string {
  return `/api/clone/talk/shared/${encodeURIComponent(shareId)}/files/${messageId}/${index}/${encodeURIComponent(fileName)}`
}

/** A message's files (our upload URLs) as share-scoped URLs; the name is the last segment, as in the original. */
function sharedFiles(shareId: string, messageId: string, files: readonly string[]): string[] {
  return files.map((url, index) => {
    const last = url.split(/[?#]/, 1)[0]!.split('/').at(-1) ?? ''
    let fileName: string
    try {
      fileName = decodeURIComponent(last)
    } catch {
      fileName = last
    }
    return sharedFileUrl(shareId, messageId, index, fileName)
  })
}

/** Each shared message's file, from its own address to its share-scoped one (attached-file citations). */
export function sharedFileUrls(shareId: string, rows: readonly { id: string; files: string[] }[]) {
  // Keyed root-relative, as citations name the file (a message may name it on the public origin).
  const ownPath = (url: string) => url.replace(/^https?:\/\/[^/]+/i, '')
  return new Map(
    rows.flatMap((m) => m.files.map((url, i) => [ownPath(url), sharedFiles(shareId, m.id, m.files)[i]!])),
  )
}

/**
 * The upload behind file `index` of a shared message, when the name matches too; undefined otherwise (the
 * caller has already found the conversation shared).
 */
export async function findSharedFile(
  db: Db,
  conversationId: string,
  file: { messageId: string; index: number; fileName: string },
  publicOrigin: string,
): Promise<UploadRow | undefined> {
  const [message] = await db
    .select({ files: messages.files })
    .from(messages)
    .where(
      and(
        eq(messages.id, file.messageId),
        eq(messages.conversationId, conversationId),
        inArray(messages.sender, SHARED_SENDERS),
      ),
    )
    .limit(1)
  const url = message?.files[file.index]
  const parsed = url ? parseFileUrl(url, publicOrigin) : null
  if (!parsed || parsed.fileName !== file.fileName) return undefined
  return findCompleteFile(db, parsed.fileKey, parsed.fileName)
}

export async function unshareConversation(db: Db, conversationId: string): Promise<void> {
  await db.update(conversations).set({ shareId: null }).where(eq(conversations.id, conversationId))
}

export interface SharedConversationRow {
  conversation: ConversationRow
  slug: string
  instanceSlug: string | null
}

/** A conversation by its share id, unless it was unshared or archived (both answer 404 at once). */
export async function findSharedConversation(
  db: Db,
  shareId: string,
): Promise<SharedConversationRow | undefined> {
  const [row] = await db
    .select({ conversation: conversations, slug: clones.slug, instanceSlug: instances.slug })
    .from(conversations)
    .innerJoin(clones, eq(clones.id, conversations.cloneId))
    .leftJoin(instances, eq(instances.id, conversations.instanceId))
    .where(and(eq(conversations.shareId, shareId), eq(conversations.hidden, false)))
    .limit(1)
  return row
}

const SHARED_SENDERS: ('USER' | 'CLONE' | 'OWNER')[] = ['USER', 'CLONE', 'OWNER']

/** The messages a shared view shows: the visitor's and the clone's, with citations (no system notices). */
async function sharedMessageRows(db: Db, conversationId: string) {
  return db
    .select()
    .from(messages)
    .where(and(eq(messages.conversationId, conversationId), inArray(messages.sender, SHARED_SENDERS)))
    .orderBy(asc(messages.createdAt), asc(messages.id))
}

export async function toSharedConversation(
  db: Db,
  { conversation, slug, instanceSlug }: SharedConversationRow,
): Promise<SharedConversation> {
  const rows = await sharedMessageRows(db, conversation.id)
  const shown = await withCitationsAndAffiliates(db, conversation.id, rows)
  const fileUrls = sharedFileUrls(conversation.shareId!, rows)
  return {
    shareId: conversation.shareId!,
    title: conversation.title,
    medium: conversation.medium,
    createdAt: conversation.createdAt.toISOString(),
    updatedAt: conversation.updatedAt.toISOString(),
    clone: { slug, instanceSlug },
    // Saved marks are the sharer's own bookmarks: a viewer never sees them.
    // Client message ids are the sharer's too (a retry names its question by one).
    messages: shown.map((m) => ({
      ...m,
      saved: false,
      clientMessageId: null,
      files: sharedFiles(conversation.shareId!, m.id, m.files),
      citations: withoutOwnFileUrls(m.citations, fileUrls),
    })),
  }
}

/**
 * spec 1 §4 'Continuing a shared conversation creates a new conversation': a copy of the shared messages
 * (with their citations and products) owned by the caller. A copy rather than a link keeps the new
 * conversation whole when the sharer later unshares, renames or archives theirs, keeps one owner per
 * conversation for every permission check, and gives the clone the earlier turns as context unchanged.
 * The sharer's files are the exception: the copy names them as the shared view did (sharedFileUrl), so they
 * stay the sharer's to withdraw by unsharing, and a copy never hands out their own addresses.
 */
export async function continueSharedConversation(
  db: Db,
  shared: ConversationRow,
  owner: { visitorId: string; userId: Owner['userId'] },
  now = new Date(),
): Promise<string> {
  const rows = await sharedMessageRows(db, shared.id)
  const sourceIds = rows.map((r) => r.id)
  const [citations, affiliates] = sourceIds.length
    ? await Promise.all([
        db.select().from(messageCitations).where(inArray(messageCitations.messageId, sourceIds)),
        db.select().from(messageAffiliates).where(inArray(messageAffiliates.messageId, sourceIds)),
      ])
    : [[], []]
  return db.transaction(async (tx) => {
    const [created] = await tx
      .insert(conversations)
      .values({
        cloneId: shared.cloneId,
        instanceId: shared.instanceId,
        visitorId: owner.visitorId,
        userId: owner.userId,
        title: shared.title,
        medium: 'WEB',
        createdAt: now,
        updatedAt: now,
      })
      .returning({ id: conversations.id })
    const conversationId = created!.id
    if (rows.length === 0) return conversationId
    // Ids made here, so each copied citation and product finds its copied message.
    const newId = new Map(rows.map((r) => [r.id, randomUUID()]))
    await tx.insert(messages).values(
      rows.map(
        ({ id, conversationId: _from, saved: _saved, clientMessageId: _client, files, ...message }) => ({
          ...message,
          id: newId.get(id)!,
          conversationId,
          files: sharedFiles(shared.shareId!, id, files),
          // The copy is a new conversation: its questions are not the sharer's to retry, its answers point at
          // the copied questions, and an answer still being written in the original is, in the copy, cut off.
          clientMessageId: null,
          replyToId: message.replyToId ? (newId.get(message.replyToId) ?? null) : null,
          status: message.status === 'streaming' ? ('interrupted' as const) : message.status,
        }),
      ),
    )
    if (citations.length) {
      await tx
        .insert(messageCitations)
        .values(
          withoutOwnFileUrls(citations, sharedFileUrls(shared.shareId!, rows)).map(
            ({ id: _id, messageId, ...c }) => ({ ...c, messageId: newId.get(messageId)! }),
          ),
        )
    }
    if (affiliates.length) {
      await tx
        .insert(messageAffiliates)
        .values(
          affiliates.map(({ id: _id, messageId, ...a }) => ({ ...a, messageId: newId.get(messageId)! })),
        )
    }
    return conversationId
  })
}
