import { describe, expect, it } from 'vitest'
import { contentSecurityPolicy } from '../../../server/security-headers'

const directive = (csp: string, name: string) => csp.split(';').find((d) => d.startsWith(`${name} `)) ?? ''

describe('contentSecurityPolicy', () => {
  it('allows only our own scripts by default', () => {
    const csp = contentSecurityPolicy()
    expect(directive(csp, 'script-src')).toBe("script-src 'self'")
    expect(csp).not.toContain('accounts.google.com')
    expect(directive(csp, 'frame-ancestors')).toBe("frame-ancestors 'none'")
  })

  it('lets Google’s sign-in script, frame and calls through only when Google sign-in is configured', () => {
    const csp = contentSecurityPolicy({ googleSignIn: true })
    for (const name of ['script-src', 'frame-src', 'connect-src']) {
      expect(directive(csp, name)).toContain('https://accounts.google.com')
    }
  })

  it('lets Vapi’s SDK load Daily’s call machine and reach Vapi and Daily only when Vapi calls are configured', () => {
    expect(contentSecurityPolicy()).not.toContain('daily.co')
    const csp = contentSecurityPolicy({ googleSignIn: false, vapiCalls: true })
    expect(directive(csp, 'script-src')).toBe("script-src 'self' https://c.daily.co")
    expect(directive(csp, 'connect-src')).toContain('https://api.vapi.ai')
    expect(directive(csp, 'connect-src')).toContain('wss://*.wss.daily.co')
  })

  it('lets Daily’s call object through for Tavus video calls, without Vapi’s API', () => {
    const csp = contentSecurityPolicy({ googleSignIn: false, dailyCalls: true })
    expect(directive(csp, 'script-src')).toBe("script-src 'self' https://c.daily.co")
    // Tavus's rooms are https://tavus.daily.co/<conversation>; Daily signals over wss.
    for (const host of ['https://*.daily.co', 'wss://*.daily.co', 'wss://*.wss.daily.co'])
      expect(directive(csp, 'connect-src')).toContain(host)
    expect(csp).not.toContain('api.vapi.ai')
    expect(directive(csp, 'frame-src')).not.toContain('daily.co')
  })
})
