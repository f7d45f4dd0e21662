import type { AddressSpace } from './config'
import { originOf } from './navigation'

/**
 * The desktop app's permission policy, default deny (spec 2: 'the main process manages mic and camera
 * permissions'). A pure function of its inputs, unit-tested as a table in test/desktop/permission-policy.test.ts.
 *
 * - `media` only for the app's own origin and its main frame, each device judged on its own: audio is the
 *   microphone, video the camera, and each must be allowed by the operating system.
 * - The Local Network Access permissions only for the app's own origin, and only the one that matches where
 *   its configured API lives (Chromium asks for it before the app may call a server on this machine or the
 *   local network; without it the app could not reach its own API).
 * - Everything else, and every other origin (embedded YouTube frames included), is denied.
 */

export type MediaKind = 'microphone' | 'camera'
/** What the operating system says about a device: use it, refuse it, or ask the user first (macOS). */
export type OsMediaAccess = 'granted' | 'denied' | 'ask'

export const MEDIA_TYPE_KIND = { audio: 'microphone', video: 'camera' } as const satisfies Record<
  string,
  MediaKind
>

export interface PolicyContext {
  isAppOrigin(origin: string | null): boolean
  osAccess(kind: MediaKind): OsMediaAccess
  apiAddressSpace: AddressSpace
}

/** The Local Network Access permission names (Chromium 145 split the first into the other two). */
const NETWORK_PERMISSIONS: Record<string, readonly AddressSpace[]> = {
  'local-network-access': ['loopback', 'local'],
  'loopback-network': ['loopback'],
  'local-network': ['local'],
}

export type RequestDecision =
  | { verdict: 'allow' }
  /** Ask the operating system for these devices first (macOS), then allow only if it grants all. */
  | { verdict: 'ask-os'; kinds: MediaKind[] }
  | { verdict: 'deny'; reason: string }

export interface PermissionRequestFacts {
  permission: string
  /** The requesting frame's origin (media requests carry it) */
  securityOrigin?: string
  /** The URL the requesting frame loaded last. */
  requestingUrl?: string
  isMainFrame: boolean
  /** For `media`: 'audio' (microphone) and/or 'video' (camera). */
  mediaTypes?: readonly string[]
}

const deny = (reason: string): RequestDecision => ({ verdict: 'deny', reason })

function judgeOrigin(
  facts: { securityOrigin?: string; requestingUrl?: string; isMainFrame: boolean },
  ctx: PolicyContext,
): string | null {
  const origin = facts.securityOrigin ? originOf(facts.securityOrigin) : originOf(facts.requestingUrl)
  if (!ctx.isAppOrigin(origin)) return `origin ${origin ?? '(unknown)'} is not the app`
  if (facts.requestingUrl && !ctx.isAppOrigin(originOf(facts.requestingUrl))) {
    return `frame ${originOf(facts.requestingUrl)} is not the app`
  }
  if (!facts.isMainFrame) return 'only the main frame may ask'
  return null
}

/** The request handler's decision (session.setPermissionRequestHandler). */
export function decidePermissionRequest(facts: PermissionRequestFacts, ctx: PolicyContext): RequestDecision {
  const { permission } = facts
  const network = NETWORK_PERMISSIONS[permission]
  if (permission !== 'media' && !network) return deny(`'${permission}' is never granted`)
  const originProblem = judgeOrigin(facts, ctx)
  if (originProblem) return deny(originProblem)

  if (network) {
    return network.includes(ctx.apiAddressSpace)
      ? { verdict: 'allow' }
      : deny(`'${permission}' is not needed for an API in the ${ctx.apiAddressSpace} address space`)
  }

  const types = facts.mediaTypes ?? []
  if (types.length === 0) return deny('a media request must name audio or video')
  const kinds: MediaKind[] = []
  for (const type of new Set(types)) {
    const kind = MEDIA_TYPE_KIND[type as keyof typeof MEDIA_TYPE_KIND]
    if (!kind) return deny(`media type '${type}' is never granted`)
    kinds.push(kind)
  }
  const refused = kinds.filter((kind) => ctx.osAccess(kind) === 'denied')
  if (refused.length > 0) return deny(`the system refuses the ${refused.join(' and ')}`)
  const toAsk = kinds.filter((kind) => ctx.osAccess(kind) === 'ask')
  return toAsk.length > 0 ? { verdict: 'ask-os', kinds: toAsk } : { verdict: 'allow' }
}

export interface PermissionCheckFacts {
  permission: string
  requestingOrigin: string
  securityOrigin?: string
  requestingUrl?: string
  isMainFrame: boolean
  mediaType?: string
}

/**
 * The check handler's answer (session.setPermissionCheckHandler), consistent with the request handler:
 * true only where a request would be allowed without asking anyone. A device the system has not decided
 * on checks false, so Chromium makes a request, which asks the system.
 */
export function decidePermissionCheck(
  facts: PermissionCheckFacts,
  ctx: PolicyContext,
): { allow: boolean; reason?: string } {
  const decision = decidePermissionRequest(
    {
      permission: facts.permission,
      securityOrigin: facts.securityOrigin ?? facts.requestingOrigin,
      requestingUrl: facts.requestingUrl,
      isMainFrame: facts.isMainFrame,
      mediaTypes: facts.permission === 'media' ? (facts.mediaType ? [facts.mediaType] : []) : undefined,
    },
    ctx,
  )
  if (decision.verdict === 'allow') return { allow: true }
  if (decision.verdict === 'ask-os') return { allow: false, reason: 'the system has not decided yet' }
  return { allow: false, reason: decision.reason }
}

/** What the renderer is told (desktop.permissions.status): the call screens show 'denied' clearly. */
export const rendererStateFor = (access: OsMediaAccess) =>
  access === 'granted' ? 'granted' : access === 'denied' ? 'denied' : 'prompt'
