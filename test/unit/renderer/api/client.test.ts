import { beforeEach, describe, expect, it, vi } from 'vitest'
import { z } from 'zod/mini'
import { ApiError, apiRequest, resolveApiUrl, resolveMediaUrl } from '../../../../renderer/src/api/client'
import { cloneQuery, cloneQueryKey, clonesQuery } from '../../../../renderer/src/api/clones'
import { setPlatform } from '../../../../renderer/src/platform'
import { createMemoryStorage, createWebPlatform } from '../../../../renderer/src/platform/web'
import { lenaHart } from '../support/clones'
import { fakeCloneApi } from '../support/fake-api'

const json = (status: number, body: unknown, init: ResponseInit = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' }, ...init })

const Thing = z.object({ ok: z.boolean() })

beforeEach(() => {
  setPlatform(createWebPlatform(createMemoryStorage()))
})

describe('resolveApiUrl', () => {
  it('keeps paths relative on the web and prefixes the desktop base URL', () => {
    expect(resolveApiUrl('/api/clones', '')).toBe('/api/clones')
    expect(resolveApiUrl('/api/clones', 'http://127.0.0.1:8787/')).toBe('http://127.0.0.1:8787/api/clones')
    expect(resolveApiUrl('https://cdn.example.com/a.png', 'http://127.0.0.1:8787')).toBe(
      'https://cdn.example.com/a.png',
    )
    expect(resolveMediaUrl(null)).toBeUndefined()
    expect(resolveMediaUrl('/media/clones/lena-hart.svg')).toBe('/media/clones/lena-hart.svg')
  })
})

describe('apiRequest', () => {
  it('sends JSON with credentials and parses the answer with the schema', async () => {
    const fetch = vi.fn(async () => json(200, { ok: true }))
    const result = await apiRequest({ path: '/api/x', schema: Thing, method: 'POST', body: { a: 1 }, fetch })
    expect(result).toEqual({ ok: true })
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit]
    expect(url).toBe('/api/x')
    expect(init).toMatchObject({ method: 'POST', credentials: 'include', body: '{"a":1}' })
    expect(init.headers).toMatchObject({ 'Content-Type': 'application/json', Accept: 'application/json' })
  })

  it('uses the platform base URL', async () => {
    const fetch = vi.fn(async () => json(200, { ok: true }))
    setPlatform({
      ...createWebPlatform(createMemoryStorage()),
      kind: 'desktop',
      apiBaseUrl: 'http://localhost:9999',
    })
    await apiRequest({ path: '/api/x', schema: Thing, fetch })
    expect(fetch.mock.calls[0]?.[0 as never]).toBe('http://localhost:9999/api/x')
  })

  it('turns an error body into a typed ApiError', async () => {
    const fetch = async () => json(404, { error: { code: 'not_found', message: 'No clone lena' } })
    const error = await apiRequest({ path: '/api/x', schema: Thing, fetch }).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(ApiError)
    expect(error).toMatchObject({
      status: 404,
      code: 'not_found',
      message: 'No clone lena',
      isNotFound: true,
    })
  })

  it('derives the code from the status when the body is not an error body', async () => {
    const fetch = async () =>
      new Response('<html>bad gateway</html>', { status: 502, statusText: 'Bad Gateway' })
    await expect(apiRequest({ path: '/api/x', schema: Thing, fetch })).rejects.toMatchObject({
      status: 502,
      code: 'internal',
      message: 'Bad Gateway (502)',
    })
    const payment = async () => json(402, { nope: true })
    await expect(apiRequest({ path: '/api/x', schema: Thing, fetch: payment })).rejects.toMatchObject({
      code: 'payment_required',
    })
  })

  it('rejects an answer that does not match the contract', async () => {
    const fetch = async () => json(200, { ok: 'yes' })
    await expect(apiRequest({ path: '/api/x', schema: Thing, fetch })).rejects.toMatchObject({
      status: 200,
      code: 'invalid_response',
    })
  })

  it('reports a network failure as status 0', async () => {
    const fetch = async () => {
      throw new TypeError('Failed to fetch')
    }
    await expect(apiRequest({ path: '/api/x', schema: Thing, fetch })).rejects.toMatchObject({
      status: 0,
      code: 'network_error',
    })
  })

  it('lets an abort through untouched', async () => {
    const controller = new AbortController()
    controller.abort()
    const fetch = async () => {
      throw new DOMException('Aborted', 'AbortError')
    }
    await expect(
      apiRequest({ path: '/api/x', schema: Thing, fetch, signal: controller.signal }),
    ).rejects.toMatchObject({ name: 'AbortError' })
  })
})

describe('clone queries', () => {
  it('use the agreed keys', () => {
    expect(cloneQuery('lena-hart').queryKey).toEqual(['clone', 'lena-hart', null])
    expect(cloneQuery('lena-hart', 'clinic').queryKey).toEqual(['clone', 'lena-hart', 'clinic'])
    expect(cloneQueryKey('lena-hart', undefined)).toEqual(['clone', 'lena-hart', null])
    expect(clonesQuery().queryKey).toEqual(['clones'])
  })

  it('fetch the clone and instance paths', async () => {
    const api = fakeCloneApi([lenaHart()])
    vi.stubGlobal('fetch', api.fetch)
    const signal = new AbortController().signal
    const clone = await cloneQuery('lena-hart').queryFn!({ signal } as never)
    expect(clone.name).toBe('Lena Hart')
    const instance = await cloneQuery('lena-hart', 'clinic').queryFn!({ signal } as never)
    expect(instance.instance?.name).toBe('Sleep Clinic')
    const list = await clonesQuery().queryFn!({ signal } as never)
    expect(list.clones).toHaveLength(1)
    expect(api.requests).toEqual(['/api/clones/lena-hart', '/api/clones/lena-hart/clinic', '/api/clones'])
    vi.unstubAllGlobals()
  })
})
