import { describe, expect, it } from 'vitest'
import { externalUrlToOpen } from '../../contract/external-links'
import { addressSpaceOf, DEFAULT_API_BASE_URL, resolveApiBaseUrl } from '../../main/config'
import { desktopCsp } from '../../main/csp'
import { createAppOriginCheck, originOf } from '../../main/navigation'

describe('origins', () => {
  it('builds origins for the app scheme too (Node says null for unknown schemes)', () => {
    expect(originOf('app://renderer/lena-hart?x=1')).toBe('app://renderer')
    expect(originOf('https://Example.com:8443/a')).toBe('https://example.com:8443')
    expect(originOf('file:///etc/passwd')).toBeNull()
    expect(originOf('not a url')).toBeNull()
    expect(originOf(undefined)).toBeNull()
  })

  it('knows which URLs are the app', () => {
    const { isAppUrl } = createAppOriginCheck()
    expect(isAppUrl('app://renderer/explore')).toBe(true)
    expect(isAppUrl('app://renderer.evil.example/explore')).toBe(false)
    expect(isAppUrl('app://evil/explore')).toBe(false)
    expect(isAppUrl('https://renderer/explore')).toBe(false)
    expect(isAppUrl('http://localhost:5173/explore')).toBe(false)
    expect(createAppOriginCheck('http://localhost:5173').isAppUrl('http://localhost:5173/explore')).toBe(true)
  })
})

describe('external links', () => {
  it('opens web and e-mail links only', () => {
    expect(externalUrlToOpen('https://www.instagram.com/lena')).toBe('https://www.instagram.com/lena')
    expect(externalUrlToOpen('http://example.com')).toBe('http://example.com/')
    expect(externalUrlToOpen('mailto:hello@example.com')).toBe('mailto:hello@example.com')
    for (const refused of [
      'file:///etc/passwd',
      'javascript:alert(1)',
      'app://renderer/explore',
      'smb://server/share',
      'ms-settings:privacy',
      'https://user:pass@example.com/',
      'not a url',
      '',
    ]) {
      expect(externalUrlToOpen(refused), refused).toBeNull()
    }
  })
})

describe('API base URL', () => {
  const log = { warn: () => undefined }
  it('defaults to the local server and accepts an http(s) override', () => {
    expect(resolveApiBaseUrl({}, log)).toBe(DEFAULT_API_BASE_URL)
    expect(resolveApiBaseUrl({ LIKENESS_API_URL: 'https://api.likeness.test/' }, log)).toBe(
      'https://api.likeness.test',
    )
  })

  it('falls back, with a warning, for anything else', () => {
    const warnings: string[] = []
    const capture = { warn: (m: string) => warnings.push(m) }
    expect(resolveApiBaseUrl({ LIKENESS_API_URL: 'file:///tmp/x' }, capture)).toBe(DEFAULT_API_BASE_URL)
    expect(resolveApiBaseUrl({ LIKENESS_API_URL: 'nonsense' }, capture)).toBe(DEFAULT_API_BASE_URL)
    expect(warnings).toHaveLength(2)
  })

  it('names the address space of the API', () => {
    expect(addressSpaceOf('http://localhost:8787')).toBe('loopback')
    expect(addressSpaceOf('http://127.0.0.1:8787')).toBe('loopback')
    expect(addressSpaceOf('http://[::1]:8787')).toBe('loopback')
    expect(addressSpaceOf('http://192.168.1.20:8787')).toBe('local')
    expect(addressSpaceOf('http://10.0.0.5')).toBe('local')
    expect(addressSpaceOf('http://172.20.0.5')).toBe('local')
    expect(addressSpaceOf('http://studio.local')).toBe('local')
    expect(addressSpaceOf('https://api.likeness.test')).toBe('public')
    expect(addressSpaceOf('http://172.32.0.5')).toBe('public')
  })
})

const directive = (csp: string, name: string) => csp.split('; ').find((d) => d.startsWith(`${name} `)) ?? ''

describe('desktop CSP', () => {
  it('allows only the app, the configured API and the call providers (Vapi, Daily)', () => {
    const csp = desktopCsp('http://localhost:8787')
    expect(directive(csp, 'script-src')).toBe("script-src 'self' https://c.daily.co")
    expect(directive(csp, 'connect-src')).toBe(
      "connect-src 'self' http://localhost:8787 https://api.vapi.ai https://*.daily.co wss://*.daily.co wss://*.wss.daily.co",
    )
    expect(csp).toContain("object-src 'none'")
    expect(csp).not.toContain('unsafe-eval')
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/)
  })
})
