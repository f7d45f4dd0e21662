import type { DeepLinkTarget } from '../contract/desktop'
import { slugProblem } from '../contract/studio-clones'

/** likeness://{slug}, likeness://{slug}/call and likeness://{slug}/video (registered by electron-builder). */
export const DEEP_LINK_SCHEME = 'likeness'

const MAX_LINK_LENGTH = 200
// Exactly the three forms, an optional final slash, nothing else: no query, fragment, user, port or escapes.
const LINK = /^likeness:\/\/([a-z0-9-]+)(?:\/(call|video))?\/?$/

/**
 * The clone and action a likeness:// link names, or null for anything else. The slug follows the app's own
 * slug rule (contract/studio-clones.ts: length, characters, reserved words); only the scheme's case is
 * forgiven (schemes are case-insensitive, and some systems pass them upper-cased).
 */
export function parseDeepLink(raw: unknown): DeepLinkTarget | null {
  if (typeof raw !== 'string' || raw.length > MAX_LINK_LENGTH) return null
  const prefix = `${DEEP_LINK_SCHEME}://`
  if (raw.slice(0, prefix.length).toLowerCase() !== prefix) return null
  const match = LINK.exec(prefix + raw.slice(prefix.length))
  if (!match) return null
  const [, slug = '', action] = match
  if (slugProblem(slug) !== null) return null
  return { slug, action: action === 'call' || action === 'video' ? action : 'open' }
}

/**
 * The deep link in a command line (Windows and Linux hand the link to the app, or to the running instance
 * through 'second-instance', as an argument). Only the last argument in the likeness: scheme counts, and it
 * must parse; flags and paths are never read as links.
 */
export function deepLinkFromArgv(argv: readonly unknown[]): DeepLinkTarget | null {
  const link = deepLinkArg(argv)
  return link === undefined ? null : parseDeepLink(link)
}

/** The last argument in the likeness: scheme, parsed or not (to say in the log which one was refused). */
export const deepLinkArg = (argv: readonly unknown[]) =>
  argv.findLast(
    (arg): arg is string => typeof arg === 'string' && arg.toLowerCase().startsWith(`${DEEP_LINK_SCHEME}:`),
  )

/**
 * The app route a link opens: the profile, or the call screen ready to start. Not `?dial=true`: any web page
 * can open a likeness:// link (the browser's 'always allow' answers for every later one), and a link must
 * never open the microphone or camera by itself; one press on 'Start a call' does.
 */
export function appPathOf(target: DeepLinkTarget): string {
  if (target.action === 'open') return `/${target.slug}`
  return `/${target.slug}/${target.action}`
}
