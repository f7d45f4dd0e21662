import { describe, expect, it } from 'vitest'
import { DeepLinkTarget } from '../../contract/desktop'
import { appPathOf, deepLinkFromArgv, parseDeepLink } from '../../main/deep-links'

describe('likeness:// deep links', () => {
  it('opens a clone, or starts its voice or video call', () => {
    expect(parseDeepLink('likeness://lena-hart')).toEqual({ slug: 'lena-hart', action: 'open' })
    expect(parseDeepLink('likeness://lena-hart/')).toEqual({ slug: 'lena-hart', action: 'open' })
    expect(parseDeepLink('likeness://lena-hart/call')).toEqual({ slug: 'lena-hart', action: 'call' })
    expect(parseDeepLink('likeness://lena-hart/video/')).toEqual({ slug: 'lena-hart', action: 'video' })
    expect(parseDeepLink('LIKENESS://dr-mo2')).toEqual({ slug: 'dr-mo2', action: 'open' })
    // What main parses, the renderer's contract accepts.
    expect(DeepLinkTarget.safeParse(parseDeepLink('likeness://lena-hart/call')).success).toBe(true)
  })

  const refused = [
    'likeness://',
    'likeness:lena-hart',
    'likeness:///lena-hart',
    'likeness://Lena-Hart',
    'likeness://lena_hart',
    'likeness://lena--hart',
    'likeness://-lena',
    'likeness://lo',
    `likeness://${'a'.repeat(41)}`,
    'likeness://explore',
    'likeness://studio/call',
    'likeness://lena-hart/talk',
    'likeness://lena-hart/call/now',
    'likeness://lena-hart/call?dial=false',
    'likeness://lena-hart#call',
    'likeness://lena-hart//call',
    'likeness://user@lena-hart',
    'likeness://lena-hart:80/call',
    'likeness://lena%2Dhart',
    'likeness://lena-hart/../studio',
    'likeness://lena-hart/call\n',
    ' likeness://lena-hart',
    'https://lena-hart/call',
    'app://renderer/lena-hart',
    'javascript:alert(1)',
    `likeness://lena-hart/${'x'.repeat(300)}`,
    '',
  ]
  for (const link of refused) {
    it(`refuses ${JSON.stringify(link).slice(0, 60)}`, () => {
      expect(parseDeepLink(link)).toBeNull()
    })
  }

  it('refuses what is not text', () => {
    expect(parseDeepLink(undefined)).toBeNull()
    expect(parseDeepLink({ toString: () => 'likeness://lena-hart' })).toBeNull()
  })

  it('finds the link in a command line (Windows and Linux), never a flag or a path', () => {
    expect(
      deepLinkFromArgv(['/opt/Likeness/likeness', '--no-sandbox=false', 'likeness://lena-hart/video']),
    ).toEqual({ slug: 'lena-hart', action: 'video' })
    expect(deepLinkFromArgv(['C:\\Likeness.exe', '--', 'likeness://lena-hart/call'])).toEqual({
      slug: 'lena-hart',
      action: 'call',
    })
    expect(deepLinkFromArgv(['/opt/Likeness/likeness'])).toBeNull()
    expect(deepLinkFromArgv(['/opt/Likeness/likeness', '--flag=likeness://lena-hart'])).toBeNull()
    // The last link counts: an invalid one is not replaced by an earlier valid one.
    expect(deepLinkFromArgv(['x', 'likeness://lena-hart', 'likeness://studio'])).toBeNull()
  })

  it('opens the profile, or the call screen ready to start', () => {
    expect(appPathOf({ slug: 'lena-hart', action: 'open' })).toBe('/lena-hart')
    // Ready to start, never started by the link itself (no dial=true: a web page can open these links).
    expect(appPathOf({ slug: 'lena-hart', action: 'call' })).toBe('/lena-hart/call')
    expect(appPathOf({ slug: 'lena-hart', action: 'video' })).toBe('/lena-hart/video')
  })
})
