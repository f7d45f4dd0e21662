import { z } from 'zod/mini'

/*
 * The staff toolbar (spec 1 §6 'Staff: debug entry and a staff toolbar'; issue #15): GET /api/staff/status.
 * Not exported from contract/index.ts: only the toolbar's lazy chunk and the server need it. It names which
 * outside services are real and which are the embedded defaults, never a key, secret or credentialled URL.
 */

/** Each outside service: the embedded default that works on one machine, or a configured real provider. */
export const StaffProvider = z.object({
  /** Which service: 'database', 'llm', 'mail', 'payments', 'tts', 'voice', 'video', 'transcription', 'texts'. */
  key: z.enum(['database', 'llm', 'mail', 'payments', 'tts', 'voice', 'video', 'transcription', 'texts']),
  /** 'real' when a provider is configured, 'embedded' for the default (or 'none' when there is no default). */
  mode: z.enum(['real', 'embedded', 'none']),
  /** The provider's name, e.g. 'PGlite', 'PostgreSQL', 'Dev outbox', 'SMTP', 'Stripe'. */
  name: z.string(),
})
export type StaffProvider = z.infer<typeof StaffProvider>

/** The activity of the last 24 hours, and the calls open now. */
export const StaffCounts = z.object({
  users: z.number(),
  clones: z.number(),
  conversations24h: z.number(),
  messages24h: z.number(),
  voiceCallsOpen: z.number(),
  videoCallsOpen: z.number(),
})
export type StaffCounts = z.infer<typeof StaffCounts>

/** The clone the toolbar's page shows (?slug=), or null when there is none by that slug. */
export const StaffClone = z.object({
  id: z.uuid(),
  slug: z.string(),
  visibility: z.enum(['public', 'private']),
  documents: z.number(),
})
export type StaffClone = z.infer<typeof StaffClone>

export const StaffStatus = z.object({
  serverVersion: z.string(),
  uptimeSeconds: z.number(),
  environment: z.enum(['development', 'production', 'test']),
  /** Sign-in mail goes to the dev outbox (/dev/outbox), so the toolbar links to it. */
  devOutbox: z.boolean(),
  providers: z.array(StaffProvider),
  counts: StaffCounts,
  clone: z.nullable(StaffClone),
})
export type StaffStatus = z.infer<typeof StaffStatus>

export const StaffStatusQuery = z.object({
  slug: z.optional(z.string().check(z.minLength(1), z.maxLength(100))),
})
export type StaffStatusQuery = z.infer<typeof StaffStatusQuery>
