import { normaliseOrigin } from '../../contract/embed-protocol'
import type { Config } from '../config'

/*
 * Which parent origins may frame a configuration. A creator's configuration names its origins outright.
 * The seeded demo configurations cannot: the server's own address (PUBLIC_URL, or wherever a developer or
 * a test started it, PORT=0 included) and the demo host pages (EMBED_DEMO_ORIGINS) are only known when the
 * server runs, not when the database is seeded (the API tests' database is seeded once, without a config).
 * So seeds store one marker, DEMO_ORIGINS, that stands for those origins and is resolved per answer: never
 * shown to clients, never accepted from them (contract/embed.ts EmbedOrigin takes origins only).
 */

/** Stored in allowed_origins by the seed: the server's own origins and EMBED_DEMO_ORIGINS. */
export const DEMO_ORIGINS = "'demo'"

/** What the marker resolves to. */
export interface OriginContext {
  /** PUBLIC_URL's origin. */
  publicOrigin: string
  /** EMBED_DEMO_ORIGINS. */
  demoOrigins: readonly string[]
}

export const originContextOf = (
  config: Pick<Config, 'PUBLIC_URL' | 'EMBED_DEMO_ORIGINS'>,
): OriginContext => ({
  publicOrigin: new URL(config.PUBLIC_URL).origin,
  demoOrigins: config.EMBED_DEMO_ORIGINS,
})

const unique = (values: readonly string[]) => [...new Set(values)]

/**
 * The `frame-ancestors` sources of a configuration: always `'self'` first (the product itself, where the
 * creator's embeds page shows the live preview; issue #16), then the stored origins. The marker becomes
 * PUBLIC_URL's origin and the demo origins (and `'self'`, the embed page's own origin however the server
 * was reached: localhost or 127.0.0.1, any port). A configuration with no origins frames on the product only.
 */
export function frameAncestorsOf(stored: readonly string[], context: OriginContext): string[] {
  return unique([
    "'self'",
    ...stored.flatMap((origin) =>
      origin === DEMO_ORIGINS
        ? [context.publicOrigin, ...context.demoOrigins]
        : // A value stored before origins were checked this strictly never reaches the header (issue #27).
          normaliseOrigin(origin) === origin
          ? [origin]
          : [],
    ),
  ])
}

/**
 * The allowed origins as the API shows them: real origins only. The marker becomes the request's own
 * origin (the product in the iframe checks its parent against this list, and a demo page on the server
 * itself is a parent on that origin), PUBLIC_URL's origin and the demo origins.
 */
export function allowedOriginsOf(
  stored: readonly string[],
  context: OriginContext,
  requestOrigin: string | null,
): string[] {
  const own = requestOrigin ? normaliseOrigin(requestOrigin) : null
  return unique(
    stored.flatMap((origin) =>
      origin === DEMO_ORIGINS
        ? [...(own ? [own] : []), context.publicOrigin, ...context.demoOrigins]
        : [origin],
    ),
  )
}
