import { z } from 'zod/mini'

/*
 * Bot protection (spec 1 §3 the outbound message's bot-protection token; issue #27 part 2). Anonymous chat
 * messages and sign-in code requests (the contact capture's codes among them) carry a token in `botToken`:
 * a solved ALTCHA proof-of-work challenge by default, or a Cloudflare Turnstile token when the server has
 * Turnstile keys. Signed-in users are not challenged.
 */

/** ALTCHA v2 challenge parameters as altcha-lib signs them (server/bot-check/altcha-check.ts). */
export const AltchaParameters = z.object({
  algorithm: z.string(),
  nonce: z.string(),
  salt: z.string(),
  cost: z.number(),
  keyLength: z.number(),
  keyPrefix: z.string(),
  keySignature: z.optional(z.string()),
  memoryCost: z.optional(z.number()),
  parallelism: z.optional(z.number()),
  /** Seconds since the epoch. */
  expiresAt: z.optional(z.number()),
  data: z.optional(z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()]))),
})
export type AltchaParameters = z.infer<typeof AltchaParameters>

export const AltchaChallenge = z.object({
  parameters: AltchaParameters,
  signature: z.string(),
})
export type AltchaChallenge = z.infer<typeof AltchaChallenge>

export const AltchaSolution = z.object({
  counter: z.number(),
  derivedKey: z.string(),
  time: z.optional(z.number()),
})
export type AltchaSolution = z.infer<typeof AltchaSolution>

/** What the renderer sends in `botToken` in the ALTCHA mode: base64 of this JSON (ALTCHA's payload). */
export const AltchaPayload = z.object({
  challenge: AltchaChallenge,
  solution: AltchaSolution,
})
export type AltchaPayload = z.infer<typeof AltchaPayload>

/**
 * GET /api/bot-check/challenge: what the caller must do before an anonymous chat message or sign-in code.
 * 'none' when the caller is signed in (or the check is off), a challenge to solve in the ALTCHA mode, or
 * the Turnstile site key to render the invisible widget with.
 */
export const BotCheckChallenge = z.discriminatedUnion('mode', [
  z.object({ mode: z.literal('none') }),
  z.object({ mode: z.literal('altcha'), challenge: AltchaChallenge }),
  z.object({ mode: z.literal('turnstile'), siteKey: z.string() }),
])
export type BotCheckChallenge = z.infer<typeof BotCheckChallenge>

/** The error code of a request refused for a missing, invalid, expired or reused token (403). */
export const BotCheckErrorCode = { botCheckFailed: 'bot_check_failed' } as const

/** The longest token accepted (Turnstile's are up to 2048 characters; an ALTCHA payload is about 700). */
export const BOT_TOKEN_MAX_LENGTH = 4096
