import { describe, expect, it } from 'vitest'
import type { App } from '../../server/app'
import { createBareTestApp } from './helpers'

const echoIp = (app: App) => {
  app.get('/api/test/ip', async (request) => ({ ip: request.ip, protocol: request.protocol }))
}

async function seen(env: Record<string, string>, headers: Record<string, string>) {
  const t = await createBareTestApp({ env, configure: echoIp })
  try {
    const res = await t.app.inject({ method: 'GET', url: '/api/test/ip', headers, remoteAddress: '10.0.0.2' })
    return res.json() as { ip: string; protocol: string }
  } finally {
    await t.close()
  }
}

describe('TRUST_PROXY: who the client is behind a reverse proxy (rate limits and secure cookies read it)', () => {
  const forwarded = { 'x-forwarded-for': '203.0.113.7, 198.51.100.4', 'x-forwarded-proto': 'https' }

  it('ignores X-Forwarded-* unless told to trust the proxy', async () => {
    expect(await seen({}, forwarded)).toEqual({ ip: '10.0.0.2', protocol: 'http' })
  })

  it('trusts every hop with true, the nearest hops with a number, and listed addresses', async () => {
    expect(await seen({ TRUST_PROXY: 'true' }, forwarded)).toEqual({ ip: '203.0.113.7', protocol: 'https' })
    expect((await seen({ TRUST_PROXY: '1' }, forwarded)).ip).toBe('198.51.100.4')
    expect((await seen({ TRUST_PROXY: '10.0.0.0/8' }, forwarded)).ip).toBe('198.51.100.4')
    expect((await seen({ TRUST_PROXY: '192.168.0.1' }, forwarded)).ip).toBe('10.0.0.2')
  })
})
