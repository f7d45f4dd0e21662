import { randomBytes } from 'node:crypto'
import { and, eq, isNull } from 'drizzle-orm'
import type { Db } from '../db/client'
import { telegramChats, telegramStarts } from '../db/schema'

/*
 * A Telegram bot may write only to chats that started it. The greeting's link carries a start token
 * (t.me/{bot}?start={token}); the webhook, seeing '/start {token}', binds that chat to the token's user. Only
 * a token binds a chat: a username typed in a form proves nothing about who holds it.
 */

/** Telegram's start payload allows A-Z, a-z, 0-9, _ and -, up to 64 characters. */
export const newStartToken = () => randomBytes(24).toString('base64url')

export async function createTelegramStart(db: Db, userId: string, cloneId: string): Promise<string> {
  const token = newStartToken()
  await db.insert(telegramStarts).values({ token, userId, cloneId })
  return token
}

/** The chat bound to a user, if their Telegram already started the bot through a greeting link. */
export async function boundChatOf(db: Db, userId: string): Promise<string | undefined> {
  const [row] = await db
    .select({ chatId: telegramChats.chatId })
    .from(telegramChats)
    .where(eq(telegramChats.userId, userId))
    .limit(1)
  return row?.chatId
}

/** The user a chat is bound to, if any. */
export async function userOfChat(db: Db, chatId: string): Promise<string | null> {
  const [row] = await db
    .select({ userId: telegramChats.userId })
    .from(telegramChats)
    .where(eq(telegramChats.chatId, chatId))
    .limit(1)
  return row?.userId ?? null
}

/**
 * Spends a start token: its chat becomes the user's (a chat the user had before is let go), and the user and
 * clone of the waiting greeting are answered. Undefined for an unknown or spent token.
 */
export async function consumeTelegramStart(
  db: Db,
  token: string,
  chat: { chatId: string; username: string | null },
): Promise<{ userId: string; cloneId: string } | undefined> {
  return db.transaction(async (tx) => {
    const [start] = await tx
      .update(telegramStarts)
      .set({ consumedAt: new Date() })
      .where(and(eq(telegramStarts.token, token), isNull(telegramStarts.consumedAt)))
      .returning()
    if (!start) return undefined
    const username = chat.username?.toLowerCase() ?? null
    await tx.delete(telegramChats).where(eq(telegramChats.userId, start.userId))
    // A username moves with its holder: an older chat that claimed it no longer does.
    if (username)
      await tx.update(telegramChats).set({ username: null }).where(eq(telegramChats.username, username))
    await tx
      .insert(telegramChats)
      .values({ chatId: chat.chatId, username, userId: start.userId })
      .onConflictDoUpdate({
        target: telegramChats.chatId,
        set: { username, userId: start.userId, updatedAt: new Date() },
      })
    return { userId: start.userId, cloneId: start.cloneId }
  })
}
