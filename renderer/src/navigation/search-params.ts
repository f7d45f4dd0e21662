import { z } from 'zod/mini'

/*
 * Search params arrive from TanStack Router's JSON-aware parser, so 'true' may already be a boolean,
 * '42' a number and a JSON object an object. Every field is tolerant: a bad value is dropped, never an error,
 * because links into the product are typed by people and third-party sites (spec 1 §2).
 */

/** spec 1 §2 'Query parameter actions'. */
export const ActionCentreView = z.enum([
  'menu',
  'text',
  'share',
  'socials',
  'bookmark',
  'feedback',
  'authenticate',
  'history',
])
export type ActionCentreView = z.infer<typeof ActionCentreView>

/** Text, or a number the router parsed from text; empty text counts as absent. */
const text = z.catch(
  z.optional(
    z.pipe(
      z.union([z.string(), z.pipe(z.number(), z.transform(String))]),
      z.transform((v) => (v === '' ? undefined : v)),
    ),
  ),
  undefined,
)

/** 'true' / 'false' strings or booleans; anything else is dropped. */
const booleanParam = z.catch(
  z.optional(
    z.union([
      z.boolean(),
      z.pipe(
        z.enum(['true', 'false']),
        z.transform((v) => v === 'true'),
      ),
    ]),
  ),
  undefined,
)

/** A presence flag: '?paywall', '?paywall=1' or '?paywall=true' are on; 'false' and '0' are off. */
const flagParam = z.catch(
  z.optional(
    z.pipe(
      z.unknown(),
      z.transform((v) => {
        if (v === undefined || v === null) return undefined
        if (v === false || v === 0) return false
        if (typeof v === 'string' && ['false', '0', 'no', 'off'].includes(v.trim().toLowerCase()))
          return false
        return true
      }),
    ),
  ),
  undefined,
)

/** spec 1 §2 'Query parameter citations': message (uuid, required), optional citation number and relevant item. */
export const CitationsParam = z.object({
  message: z.uuid(),
  citation: z.catch(z.optional(z.coerce.number().check(z.int(), z.gte(1), z.lte(99))), undefined),
  relevant: z.catch(z.optional(z.string()), undefined),
})
export type CitationsParam = z.infer<typeof CitationsParam>

const citationsParam = z.catch(
  z.optional(
    z.pipe(
      z.unknown(),
      z.transform((v) => {
        let raw = v
        if (typeof v === 'string') {
          try {
            raw = JSON.parse(v)
          } catch {
            return undefined
          }
        }
        const parsed = CitationsParam.safeParse(raw)
        return parsed.success ? parsed.data : undefined
      }),
    ),
  ),
  undefined,
)

/** /{slug}/talk and the conversation routes (spec 1 §2). */
export const talkSearchSchema = z.pipe(
  z.object({
    message: text,
    q: text,
    autoLoadRecent: booleanParam,
    paywall: flagParam,
    actions: z.catch(z.optional(ActionCentreView), undefined),
    citations: citationsParam,
  }),
  // Every known key is present in the output (undefined when dropped): TanStack Router spreads the
  // validated search over the raw one, so a missing key would let an invalid raw value through.
  z.transform(
    ({ q, message, ...rest }): TalkSearch => ({
      // 'q' is an alias seen in the wild; it only counts when message is absent.
      message: message ?? q,
      q: undefined,
      ...rest,
    }),
  ),
)

export interface TalkSearch {
  message?: string
  /** Alias of message: always folded into it and cleared. */
  q?: undefined
  autoLoadRecent?: boolean
  paywall?: boolean
  actions?: ActionCentreView
  citations?: CitationsParam
}

/** /{slug}/call and /{slug}/video (spec 2 §2): dial=true starts the call automatically. */
export const callSearchSchema = z.pipe(
  z.object({ dial: booleanParam }),
  z.transform(({ dial }): CallSearch => ({ dial })),
)

export interface CallSearch {
  dial?: boolean
}

const asRecord = (raw: unknown): Record<string, unknown> =>
  raw && typeof raw === 'object' && !Array.isArray(raw) ? (raw as Record<string, unknown>) : {}

const emptyTalkSearch: Required<Record<keyof TalkSearch, undefined>> = {
  message: undefined,
  q: undefined,
  autoLoadRecent: undefined,
  paywall: undefined,
  actions: undefined,
  citations: undefined,
}

/** The talk routes' validateSearch: never throws. */
export const parseTalkSearch = (raw: Record<string, unknown>): TalkSearch => {
  const parsed = talkSearchSchema.safeParse(asRecord(raw))
  return parsed.success ? parsed.data : { ...emptyTalkSearch }
}

/** The call and video routes' validateSearch: never throws. */
export const parseCallSearch = (raw: Record<string, unknown>): CallSearch => {
  const parsed = callSearchSchema.safeParse(asRecord(raw))
  return parsed.success ? parsed.data : { dial: undefined }
}
