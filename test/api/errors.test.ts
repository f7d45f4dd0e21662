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
})
