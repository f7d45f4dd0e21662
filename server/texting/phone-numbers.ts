import { and, eq, ne } from 'drizzle-orm'
import { readPhoneNumber } from '../../contract/phone'
import type { Config } from '../config'
import type { Db } from '../db/client'
import { users } from '../db/schema'
import { badRequest } from '../errors'
import type { CountryLookup } from './country'
import { textingTextsIn } from './texting.strings'

/*
 * spec 1 §5 'Phone capture', 'Phone country': the server's own reading of a typed number (never the
 * renderer's), and the one place a number becomes a user's.
 */

/** Phone codes share the sign-in code ledger (server/auth/login-codes.ts) under this key. */
export const phoneCodeKey = (e164: string) => `tel:${e164}`

/**
 * The country a number without '+country' is read in: the IP lookup when configured and it answers, else
 * what the renderer guessed, else DEFAULT_PHONE_COUNTRY.
 */
export async function phoneCountry(
  lookup: CountryLookup | null,
  config: Pick<Config, 'DEFAULT_PHONE_COUNTRY'>,
  ip: string,
  guessed: string | undefined,
): Promise<string | null> {
  const looked = lookup ? await lookup(ip) : null
  return looked ?? guessed ?? config.DEFAULT_PHONE_COUNTRY ?? null
}

/**
 * The number in E.164, or a 400 with the spec's text ('Invalid Phone Number', 'Country is not supported')
 * in `language`, the request's.
 */
export function e164Of(input: string, country: string | null, language: string): string {
  const reading = readPhoneNumber(input, country)
  if (reading.ok) return reading.e164
  const texts = textingTextsIn(language)
  throw badRequest(reading.reason === 'country' ? texts.countryNotSupported : texts.invalidPhone)
}

/**
 * The verified number becomes this user's, and nobody else's: whoever proved it last holds it, so an
 * incoming text from it has one sender.
 */
export function assignPhoneNumber(db: Db, userId: string, e164: string) {
  return db.transaction(async (tx) => {
    await tx
      .update(users)
      .set({ phoneNumber: null })
      .where(and(eq(users.phoneNumber, e164), ne(users.id, userId)))
    const [row] = await tx.update(users).set({ phoneNumber: e164 }).where(eq(users.id, userId)).returning()
    return row!
  })
}
