import path from 'node:path'

/** The renderer is served from `app://renderer/...`, a privileged scheme of our own, never file://. */
export const APP_SCHEME = 'app'
export const APP_HOST = 'renderer'
export const APP_ORIGIN = `${APP_SCHEME}://${APP_HOST}`

/**
 * Maps a request URL to a file inside `rootDir`, or null when it must be refused: another host, or a path
 * that escapes the root after decoding. Paths without a file extension are app routes and get index.html.
 */
export function resolveAppFile(rootDir: string, requestUrl: string): string | null {
  let url: URL
  try {
    url = new URL(requestUrl)
  } catch {
    return null
  }
  if (url.protocol !== `${APP_SCHEME}:` || url.host !== APP_HOST) return null
  let pathname: string
  try {
    pathname = decodeURIComponent(url.pathname)
  } catch {
    return null
  }
  if (pathname.includes('\0')) return null
  const root = path.resolve(rootDir)
  const isRoute = path.posix.extname(pathname) === ''
  const target = path.resolve(root, `.${isRoute ? '/index.html' : pathname}`)
  if (target !== root && !target.startsWith(root + path.sep)) return null
  return target
}

const contentTypes: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.webp': 'image/webp',
  '.json': 'application/json',
  '.webmanifest': 'application/manifest+json',
  '.woff2': 'font/woff2',
  '.wav': 'audio/wav',
  '.mp3': 'audio/mpeg',
}

export const contentTypeFor = (file: string) =>
  contentTypes[path.extname(file).toLowerCase()] ?? 'application/octet-stream'

/**
 * The app:// handler: GET/HEAD only, files from the renderer folder (resolveAppFile refuses anything
 * outside it), every answer with the strict CSP. `readFile` is injected so tests need no disk.
 */
export function createAppProtocolHandler(options: {
  rootDir: string
  csp: string
  readFile(file: string): Promise<Uint8Array<ArrayBuffer>>
}) {
  const { rootDir, csp, readFile } = options
  const baseHeaders = {
    'content-security-policy': csp,
    'x-content-type-options': 'nosniff',
    'cross-origin-opener-policy': 'same-origin',
    'referrer-policy': 'no-referrer',
  }
  const notFound = () =>
    new Response('Not found', { status: 404, headers: { ...baseHeaders, 'content-type': 'text/plain' } })

  return async (request: { url: string; method: string }): Promise<Response> => {
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      return new Response('Method not allowed', { status: 405, headers: baseHeaders })
    }
    const file = resolveAppFile(rootDir, request.url)
    if (!file) return notFound()
    let body: Uint8Array<ArrayBuffer>
    try {
      body = await readFile(file)
    } catch {
      return notFound()
    }
    return new Response(request.method === 'HEAD' ? null : body, {
      status: 200,
      headers: { ...baseHeaders, 'content-type': contentTypeFor(file), 'cache-control': 'no-cache' },
    })
  }
}
