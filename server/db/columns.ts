import { timestamp } from 'drizzle-orm/pg-core'

/** Timestamps are stored with time zone and read as Date; every table spells them the same way. */
export const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow()
export const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow()
