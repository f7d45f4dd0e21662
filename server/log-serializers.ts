import type { FastifyRequest } from 'fastify'

/*
 * Issue #27: the request log kept the embed's session token of `/memberships?…&token=`. A request's URL is
 * logged with the values of secret-bearing query parameters replaced, whatever the route.
 */

/** Query parameters whose values are secrets (tokens, codes, signatures, keys), by name, any case. */
const SECRET_PARAMS = /^(token|access_token|code|secret|key|api_key|signature|sig|session|password)$/i

/** The URL with the values of secret-bearing query parameters replaced by '[redacted]'. */
export function redactUrl(url: string): string {
  const at = url.indexOf('?')
  if (at === -1) return url
  const query = url
    .slice(at + 1)
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=')
      if (eq === -1) return pair
      let name = pair.slice(0, eq)
      try {
        name = decodeURIComponent(name.replace(/\+/g, ' '))
      } catch {
        // A malformed name is logged as it came.
      }
      return SECRET_PARAMS.test(name) ? `${pair.slice(0, eq)}=[redacted]` : pair
    })
    .join('&')
  return `${url.slice(0, at)}?${query}`
}

/** Fastify's request serializer, with the URL redacted. */
export const logSerializers = {
  req(request: FastifyRequest) {
    return {
      method: request.method,
      url: redactUrl(request.url),
      host: request.host,
      remoteAddress: request.ip,
      remotePort: request.socket?.remotePort,
    }
  },
}
