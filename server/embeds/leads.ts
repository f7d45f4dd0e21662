import { and, desc, eq, max, min, sql } from 'drizzle-orm'
import type { Lead } from '../../contract/embed'
import type { Db } from '../db/client'
import { conversations, leads, textOptIns, users } from '../db/schema'

/*
 * Leads (issue #14 'A creator sees captured leads'): one row per user and clone, written when a visitor
 * completes contact capture (POST /api/capture/lead); name, e-mail, phone and Telegram are read from the
 * user, the opt-in from text_opt_ins, first and last conversation from the user's conversations with the
 * clone, so the list is always current.
 */

/** Keeps the lead (one per clone and user); a later capture keeps the first capture's time and config. */
export async function recordLead(
  db: Db,
  lead: { cloneId: string; userId: string; embedConfigId: string | null },
): Promise<string> {
  const [row] = await db
    .insert(leads)
    .values(lead)
    .onConflictDoUpdate({
      target: [leads.cloneId, leads.userId],
      set: {
        embedConfigId: sql`coalesce(${leads.embedConfigId}, excluded.embed_config_id)`,
        updatedAt: new Date(),
      },
    })
    .returning({ id: leads.id })
  return row!.id
}

/** The clone's leads, most recently captured first. */
export async function listLeads(db: Db, cloneId: string): Promise<Lead[]> {
  const talks = db
    .select({
      userId: conversations.userId,
      first: min(conversations.createdAt).as('first_at'),
      last: max(conversations.updatedAt).as('last_at'),
    })
    .from(conversations)
    .where(eq(conversations.cloneId, cloneId))
    .groupBy(conversations.userId)
    .as('talks')
  const rows = await db
    .select({
      id: leads.id,
      name: users.name,
      email: users.email,
      phoneNumber: users.phoneNumber,
      telegramUsername: users.telegramUsername,
      optIn: textOptIns.optIn,
      medium: textOptIns.medium,
      optInUpdatedAt: textOptIns.updatedAt,
      embedConfigId: leads.embedConfigId,
      first: talks.first,
      last: talks.last,
      capturedAt: leads.createdAt,
    })
    .from(leads)
    .innerJoin(users, eq(users.id, leads.userId))
    .leftJoin(textOptIns, and(eq(textOptIns.userId, leads.userId), eq(textOptIns.cloneId, leads.cloneId)))
    .leftJoin(talks, eq(talks.userId, leads.userId))
    .where(eq(leads.cloneId, cloneId))
    .orderBy(desc(leads.createdAt), desc(leads.id))
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    email: r.email,
    phoneNumber: r.phoneNumber,
    telegramUsername: r.telegramUsername,
    optIn: {
      optIn: r.optIn ?? false,
      medium: r.medium ?? null,
      updatedAt: r.optInUpdatedAt ? r.optInUpdatedAt.toISOString() : null,
    },
    embedConfigId: r.embedConfigId,
    firstConversationAt: isoOf(r.first),
    lastConversationAt: isoOf(r.last),
    capturedAt: r.capturedAt.toISOString(),
  }))
}

/** Aggregates over a subquery come back as driver values: a Date, or a timestamp string. */
function isoOf(value: Date | string | null): string | null {
  if (value === null) return null
  const date = value instanceof Date ? value : new Date(value)
  return Number.isNaN(date.getTime()) ? null : date.toISOString()
}

export const LEADS_CSV_COLUMNS = [
  'Name',
  'Email',
  'Phone number',
  'Telegram username',
  'Text opt-in',
  'Text medium',
  'Embed configuration',
  'First conversation',
  'Last conversation',
  'Captured',
] as const

/**
 * One CSV cell (RFC 4180): quoted when it holds a comma, quote or line break. A cell a spreadsheet would
 * read as a formula (starting with =, +, -, @, or a tab or carriage return) gets a leading apostrophe, so
 * a visitor's name can never run in the creator's spreadsheet (OWASP 'CSV injection').
 */
export function csvCell(value: string | null): string {
  let text = value ?? ''
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text
}

export function leadsCsv(list: readonly Lead[]): string {
  const lines = [LEADS_CSV_COLUMNS.join(',')]
  for (const lead of list) {
    lines.push(
      [
        lead.name,
        lead.email,
        lead.phoneNumber,
        lead.telegramUsername,
        lead.optIn.optIn ? 'yes' : 'no',
        lead.optIn.medium,
        lead.embedConfigId,
        lead.firstConversationAt,
        lead.lastConversationAt,
        lead.capturedAt,
      ]
        .map(csvCell)
        .join(','),
    )
  }
  return `${lines.join('\r\n')}\r\n`
}
