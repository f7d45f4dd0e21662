import { Writable } from 'node:stream'
import pino from 'pino'
import { describe, expect, it } from 'vitest'
import { redactUrl } from '../../server/log-serializers'
import { createTestApp } from './helpers'

/* Issue #27: the embed's session token in `/memberships?…&token=` was written to the request log. */

describe('the request log', () => {
  it("never holds a query string's token, code or key, whatever the route", async () => {
    const lines: string[] = []
    const sink = new Writable({
      write(chunk, _encoding, done) {
        lines.push(String(chunk))
        done()
      },
    })
    const t = await createTestApp({ logger: pino({ level: 'info' }, sink) })
    try {
      await t.app.inject({ method: 'GET', url: '/lena-hart/memberships?embed=1&token=sekrit-session-token' })
      await t.app.inject({ method: 'GET', url: '/api/health?code=123456&Access_Token=sekrit-two' })
    } finally {
      await t.close()
    }
    const log = lines.join('')
    expect(log).toContain('/lena-hart/memberships?embed=1&token=[redacted]')
    expect(log).toContain('/api/health?code=[redacted]&Access_Token=[redacted]')
    expect(log).not.toContain('sekrit')
    expect(log).not.toContain('123456')
  })

  it('keeps other parameters, and URLs without a query, as they are', () => {
    expect(redactUrl('/talk?lang=es&q=tide')).toBe('/talk?lang=es&q=tide')
    expect(redactUrl('/api/health')).toBe('/api/health')
    expect(redactUrl('/x?tok%65n=a&flag')).toBe('/x?tok%65n=[redacted]&flag')
  })
})
