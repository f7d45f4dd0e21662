import { eq } from 'drizzle-orm'
import type { Db } from './db/client'
import { processedEvents } from './db/schema'

/**
 * Handles a provider's delivery once (Stripe events, Twilio messages, Telegram updates; issue #27): the id is
 * claimed in processed_events first, so a retried or replayed delivery changes nothing. A delivery whose
 * handling throws is forgotten, so the provider's own retry is handled. Answers whether this was the first.
 * The billing sweep forgets ids after PROCESSED_EVENT_KEEP_MS (server/billing/sweeper.ts).
 */
export async function handleOnce(
  db: Db,
  id: string,
  type: string,
  handle: () => Promise<unknown>,
): Promise<boolean> {
  const [first] = await db
    .insert(processedEvents)
    .values({ id, type })
    .onConflictDoNothing()
    .returning({ id: processedEvents.id })
  if (!first) return false
  try {
    await handle()
    return true
  } catch (error) {
    await db.delete(processedEvents).where(eq(processedEvents.id, id))
    throw error
  }
}
