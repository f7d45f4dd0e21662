import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { z } from 'zod'
import { ApiErrorBody } from '../../contract'
import { AppError, notFound } from '../../server/errors'
import { type BareTestApp, createBareTestApp } from './helpers'

// The error handler is part of the HTTP layer (server/app.ts buildBareApp): no database needed.
describe('error answers', () => {
  let t: BareTestApp
  beforeAll(async () => {
    t = await createBareTestApp({
      configure: (app) => {
        app.get('/api/test/boom', async () => {
          throw new Error('secret database detail')
        })
        app.get('/api/test/missing', async () => {
          throw notFound('Thing not found')
        })
        app.get('/api/test/paywall', async () => {
          throw new AppError(402, 'payment_required', 'Quota used up')
        })
        app.post(
          '/api/test/echo',
          { schema: { body: z.object({ title: z.string().min(1).max(100) }) } },
          async (request) => ({ title: request.body.title }),
        )
        // No schema at all: the NUL check still covers it.
        app.post('/api/test/raw/:name', async (request) => ({
          name: (request.params as { name: string }).name,
          query: request.query,
          body: request.body,
        }))
      },
    })
  })
  afterAll(() => t.close())

  const errorOf = (res: { json(): unknown }) => ApiErrorBody.parse(res.json()).error

  it('answers unexpected errors with 500 and no internals', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/test/boom' })
    expect(res.statusCode).toBe(500)
    expect(errorOf(res)).toEqual({ code: 'internal', message: 'Internal server error' })
    expect(res.body).not.toContain('secret')
    expect(res.body).not.toContain('at ')
  })

  it('answers AppErrors with their status, code and message', async () => {
    const missing = await t.app.inject({ method: 'GET', url: '/api/test/missing' })
    expect(missing.statusCode).toBe(404)
    expect(errorOf(missing)).toEqual({ code: 'not_found', message: 'Thing not found' })

    const paywall = await t.app.inject({ method: 'GET', url: '/api/test/paywall' })
    expect(paywall.statusCode).toBe(402)
    expect(errorOf(paywall)).toEqual({ code: 'payment_required', message: 'Quota used up' })
  })

  it('answers body validation errors with 400 naming the field', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/test/echo', payload: { title: '' } })
    expect(res.statusCode).toBe(400)
    const error = errorOf(res)
    expect(error.code).toBe('bad_request')
    expect(error.message).toMatch(/^Invalid body: title: /)

    const ok = await t.app.inject({ method: 'POST', url: '/api/test/echo', payload: { title: 'Hi' } })
    expect(ok.json()).toEqual({ title: 'Hi' })
  })

  it('answers malformed JSON and wrong content types in the same shape', async () => {
    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/test/echo',
      headers: { 'content-type': 'application/json' },
      payload: '{"title":',
    })
    expect(bad.statusCode).toBe(400)
    expect(errorOf(bad).code).toBe('bad_request')

    const wrongType = await t.app.inject({
      method: 'POST',
      url: '/api/test/echo',
      headers: { 'content-type': 'application/x-unknown' },
      payload: 'x',
    })
    expect(wrongType.statusCode).toBe(415)
    expect(errorOf(wrongType).code).toBe('bad_request')
  })

  describe('text the database cannot store', () => {
    const raw = (url: string, payload?: unknown) =>
      t.app.inject({
        method: 'POST',
        url,
        headers: { 'content-type': 'application/json' },
        payload: JSON.stringify(payload ?? {}),
      })

    it('answers a NUL character anywhere in a body with 400 naming the field', async () => {
      const top = await t.app.inject({
        method: 'POST',
        url: '/api/test/echo',
        payload: { title: 'a\u0000b' },
      })
      expect(top.statusCode).toBe(400)
      expect(errorOf(top)).toEqual({
        code: 'bad_request',
        message: 'Invalid body: title: must not contain NUL characters',
      })
      const deep = await raw('/api/test/raw/x', { list: [{ ok: 'fine' }, { note: ['\u0000'] }] })
      expect(deep.statusCode).toBe(400)
      expect(errorOf(deep).message).toBe('Invalid body: list.1.note.0: must not contain NUL characters')
      const key = await raw('/api/test/raw/x', { 'a\u0000': 1 })
      expect(key.statusCode).toBe(400)
      expect(errorOf(key).message).toBe('Invalid body: must not contain NUL characters')
    })

    it('answers NUL in a query string or a path param with 400, schema or not', async () => {
      const query = await raw('/api/test/raw/x?q=a%00b')
      expect(query.statusCode).toBe(400)
      expect(errorOf(query).message).toBe('Invalid querystring: q: must not contain NUL characters')
      const param = await raw('/api/test/raw/a%00b')
      expect(param.statusCode).toBe(400)
      expect(errorOf(param).message).toBe('Invalid params: name: must not contain NUL characters')
    })

    it('answers a lone UTF-16 surrogate with 400, and keeps paired ones (emoji)', async () => {
      const lone = await t.app.inject({
        method: 'POST',
        url: '/api/test/echo',
        headers: { 'content-type': 'application/json' },
        payload: '{"title":"x\\ud800y"}',
      })
      expect(lone.statusCode).toBe(400)
      expect(errorOf(lone).message).toBe('Invalid body: title: must be valid Unicode text')
      const emoji = await t.app.inject({ method: 'POST', url: '/api/test/echo', payload: { title: 'ok 😀' } })
      expect(emoji.json()).toEqual({ title: 'ok 😀' })
    })

    it('is not fooled by deep nesting', async () => {
      const payload = `${'['.repeat(50_000)}"\\u0000"${']'.repeat(50_000)}`
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/test/raw/x',
        headers: { 'content-type': 'application/json' },
        payload,
      })
      expect(res.statusCode).toBe(400)
      expect(errorOf(res).message).toMatch(/^Invalid body: 0\.0\.0.*\.\.\.: must not contain NUL characters$/)
    })
  })
})
