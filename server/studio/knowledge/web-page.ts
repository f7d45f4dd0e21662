import { lookup as dnsLookup } from 'node:dns/promises'
import type { IncomingMessage } from 'node:http'
import http from 'node:http'
import https from 'node:https'
import { isIP, type LookupFunction } from 'node:net'
import { createBrotliDecompress, createGunzip, createInflate } from 'node:zlib'
import type { Readability } from '@mozilla/readability'
import { MAX_SOURCE_TITLE_LENGTH } from '../../../contract/studio-knowledge'
import { htmlText } from '../../uploads/extract/plain-text'
import { SOURCE_TEXTS, SourceReadError } from './source-error'

/*
 * A web page source (issue #16): fetched by the server within a size and a time limit, redirects followed by
 * hand, each hop's address checked (allowAddress) and then connected to exactly (no DNS rebinding between the
 * check and the connection), and its main content extracted with Readability on linkedom's DOM.
 */

export const WEB_PAGE_LIMITS = { bytes: 5 * 1024 * 1024, timeoutMs: 15_000, redirects: 5 } as const
const USER_AGENT = 'LikenessBot/1.0 (+knowledge source of a creator studio)'

export type Resolve = (hostname: string) => Promise<{ address: string; family: number }[]>

export interface WebFetchOptions {
  /** Whether the server may connect to this address and port (the address guard, or anything in tests). */
  allowAddress: (address: string, port: number) => boolean
  /** DNS resolution (node's lookup by default). */
  resolve?: Resolve
  signal?: AbortSignal
  limits?: Partial<typeof WEB_PAGE_LIMITS>
}

export interface FetchedPage {
  url: string
  /** 'text/html' or 'text/plain'. */
  mediaType: string
  body: string
}

const defaultResolve: Resolve = (hostname) => dnsLookup(hostname, { all: true, verbatim: true })

/** The one address a hop may connect to: every address the host resolves to must be allowed. */
export async function checkedAddress(
  url: URL,
  allowAddress: WebFetchOptions['allowAddress'],
  resolve: Resolve = defaultResolve,
): Promise<{ address: string; family: number }> {
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new SourceReadError(SOURCE_TEXTS.onlyHttp)
  const host = url.hostname.replace(/^\[|\]$/g, '')
  const port = Number(url.port) || (url.protocol === 'https:' ? 443 : 80)
  let addresses: { address: string; family: number }[]
  if (isIP(host)) addresses = [{ address: host, family: isIP(host) }]
  else {
    try {
      addresses = await resolve(host)
    } catch {
      throw new SourceReadError(SOURCE_TEXTS.notFound)
    }
  }
  if (addresses.length === 0) throw new SourceReadError(SOURCE_TEXTS.notFound)
  if (addresses.some((a) => !allowAddress(a.address, port))) {
    throw new SourceReadError(SOURCE_TEXTS.privateAddress)
  }
  return addresses[0]!
}

/** Fetches a page: at most `redirects` redirects, `bytes` bytes (decompressed) and `timeoutMs` in all. */
export async function fetchWebPage(address: string, options: WebFetchOptions): Promise<FetchedPage> {
  const limits = { ...WEB_PAGE_LIMITS, ...options.limits }
  const deadline = AbortSignal.timeout(limits.timeoutMs)
  const signal = options.signal ? AbortSignal.any([options.signal, deadline]) : deadline
  let url = new URL(address)
  try {
    for (let hop = 0; ; hop++) {
      const target = await checkedAddress(url, options.allowAddress, options.resolve)
      signal.throwIfAborted()
      const response = await request(url, target, signal)
      const location = response.headers.location
      if (response.statusCode && response.statusCode >= 300 && response.statusCode < 400 && location) {
        response.resume()
        if (hop >= limits.redirects) throw new SourceReadError(SOURCE_TEXTS.tooManyRedirects)
        url = new URL(location, url)
        continue
      }
      // An error, or a redirect without a Location: nothing to read.
      if (!response.statusCode || response.statusCode < 200 || response.statusCode >= 300) {
        response.resume()
        throw new SourceReadError(SOURCE_TEXTS.httpError(response.statusCode ?? 0))
      }
      const contentType = response.headers['content-type'] ?? ''
      const mediaType = contentType.split(';')[0]!.trim().toLowerCase()
      if (mediaType !== 'text/html' && mediaType !== 'text/plain') {
        response.resume()
        throw new SourceReadError(SOURCE_TEXTS.notAPage(mediaType))
      }
      const bytes = await readBody(response, limits.bytes)
      return { url: url.href, mediaType, body: decode(bytes, contentType, mediaType) }
    }
  } catch (error) {
    if (error instanceof SourceReadError) throw error
    if (deadline.aborted) throw new SourceReadError(SOURCE_TEXTS.timedOut)
    if (options.signal?.aborted) throw options.signal.reason
    throw new SourceReadError(SOURCE_TEXTS.unreachable)
  }
}

function request(
  url: URL,
  target: { address: string; family: number },
  signal: AbortSignal,
): Promise<IncomingMessage> {
  // Connect to the address that was checked, whatever the name resolves to by now.
  const lookup: LookupFunction = (_hostname, options, callback) => {
    if (options.all) callback(null, [target])
    else callback(null, target.address, target.family)
  }
  const client = url.protocol === 'https:' ? https : http
  return new Promise((resolve, reject) => {
    const req = client.request(url, {
      method: 'GET',
      lookup,
      signal,
      agent: false,
      headers: {
        'user-agent': USER_AGENT,
        accept: 'text/html,text/plain;q=0.9',
        'accept-encoding': 'gzip, deflate, br',
      },
    })
    req.once('response', resolve)
    req.once('error', reject)
    req.end()
  })
}

/** The body, decompressed, refused once past `maxBytes`. */
async function readBody(response: IncomingMessage, maxBytes: number): Promise<Buffer> {
  const declared = Number(response.headers['content-length'])
  if (Number.isFinite(declared) && declared > maxBytes) {
    response.destroy()
    throw new SourceReadError(SOURCE_TEXTS.tooLarge)
  }
  const encoding = String(response.headers['content-encoding'] ?? '').toLowerCase()
  const decompress =
    encoding === 'gzip' || encoding === 'x-gzip'
      ? createGunzip()
      : encoding === 'deflate'
        ? createInflate()
        : encoding === 'br'
          ? createBrotliDecompress()
          : null
  const stream = decompress ? response.pipe(decompress) : response
  if (decompress) response.once('error', (error) => decompress.destroy(error))
  const chunks: Buffer[] = []
  let size = 0
  for await (const chunk of stream as AsyncIterable<Buffer>) {
    size += chunk.length
    if (size > maxBytes) {
      response.destroy()
      decompress?.destroy()
      throw new SourceReadError(SOURCE_TEXTS.tooLarge)
    }
    chunks.push(chunk)
  }
  return Buffer.concat(chunks)
}

/** The page's text: the charset its Content-Type (or an HTML page's meta tag) names, UTF-8 otherwise. */
function decode(bytes: Buffer, contentType: string, mediaType: string): string {
  const head = mediaType === 'text/html' ? bytes.subarray(0, 2048).toString('latin1') : ''
  const charset =
    /charset\s*=\s*"?([\w-]+)/i.exec(contentType)?.[1] ??
    /<meta[^>]+charset\s*=\s*["']?([\w-]+)/i.exec(head)?.[1]
  try {
    return new TextDecoder(charset ?? 'utf-8').decode(bytes)
  } catch {
    return new TextDecoder('utf-8').decode(bytes)
  }
}

/** A private-use character marks paragraph ends through htmlText, which folds other whitespace. */
const PARAGRAPH = '\uE000'

/** The readable text of some HTML, one paragraph (block) per blank-line-separated part. */
function paragraphsOf(html: string): string {
  return htmlText(html.replace(/<\/(p|h[1-6]|li|blockquote|pre|tr|dd|dt|figcaption)\s*>/gi, `$&${PARAGRAPH}`))
    .replace(/\s*\uE000\s*/g, '\n\n')
    .trim()
}

/**
 * The title and main content of a fetched page: Readability's article (navigation, footers and asides left
 * out) for HTML, falling back to the whole body's text; a plain-text page as it is.
 */
export async function readWebPage(page: FetchedPage): Promise<{ title: string; text: string }> {
  const url = new URL(page.url)
  const fallbackTitle = url.hostname + (url.pathname === '/' ? '' : url.pathname)
  if (page.mediaType === 'text/plain') {
    return { title: clip(fallbackTitle), text: page.body.replace(/^\uFEFF/, '').trim() }
  }
  // Loaded on the first web source, not when the server starts (issue #27: they take a tenth of its start).
  const [{ parseHTML }, { Readability }] = await Promise.all([
    import('linkedom'),
    import('@mozilla/readability'),
  ])
  const { document } = parseHTML(page.body)
  const documentTitle = (document.title ?? '').trim()
  const bodyHtml = document.body?.innerHTML ?? page.body
  let article: ReturnType<Readability['parse']> = null
  try {
    article = new Readability(document as unknown as Document).parse()
  } catch {
    article = null
  }
  const text = paragraphsOf(article?.content || bodyHtml)
  const title = article?.title?.trim() || documentTitle || fallbackTitle
  return { title: clip(title.replace(/\s+/g, ' ')), text }
}

const clip = (title: string) =>
  title.length > MAX_SOURCE_TITLE_LENGTH ? `${title.slice(0, MAX_SOURCE_TITLE_LENGTH - 1)}…` : title
