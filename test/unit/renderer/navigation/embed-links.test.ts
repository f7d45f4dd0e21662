import { describe, expect, it, vi } from 'vitest'
import { type EmbedLink, translateEmbedLink } from '../../../../renderer/src/navigation/embed-links'

// spec 1 §2 'Embed link translation', rule by rule.
const table: Array<[rule: string, target: string, expected: EmbedLink]> = [
  ['the root maps to /', '/', { kind: 'embed', path: '/' }],
  ['an empty target maps to /', '', { kind: 'embed', path: '/' }],
  [
    '4 segments, talk 2nd and conversation 3rd',
    '/lena-hart/talk/conversation/c1',
    { kind: 'embed', path: '/conversation/c1' },
  ],
  [
    '/{a}/call/{b} goes to the external host',
    '/lena-hart/call/c1',
    { kind: 'external-host', path: '/lena-hart/call/c1' },
  ],
  [
    '4 segments with call third go to the external host',
    '/lena-hart/clinic/call/c1',
    { kind: 'external-host', path: '/lena-hart/clinic/call/c1' },
  ],
  [
    '5 segments with talk/conversation 3rd/4th go to the external host',
    '/lena-hart/clinic/talk/conversation/c1',
    { kind: 'external-host', path: '/lena-hart/clinic/talk/conversation/c1' },
  ],
  ['billing goes to the main site', '/billing', { kind: 'main-site', path: '/billing' }],
  ['billing with more segments too', '/billing/history', { kind: 'main-site', path: '/billing/history' }],
  ['profile goes to the main site', '/profile', { kind: 'main-site', path: '/profile' }],
  ['actions goes to the main site', '/actions', { kind: 'main-site', path: '/actions' }],
  ['terms-of-use goes to the main site', '/terms-of-use', { kind: 'main-site', path: '/terms-of-use' }],
  ['privacy-policy goes to the main site', '/privacy-policy', { kind: 'main-site', path: '/privacy-policy' }],
  ['a last segment talk maps to /', '/lena-hart/talk', { kind: 'embed', path: '/' }],
  ['an instance talk maps to / too', '/lena-hart/clinic/talk', { kind: 'embed', path: '/' }],
  ['a last segment call maps to /call', '/lena-hart/call', { kind: 'embed', path: '/call' }],
  ['an instance call maps to /call', '/lena-hart/clinic/call', { kind: 'embed', path: '/call' }],
  ['a last segment video maps to /video', '/lena-hart/video', { kind: 'embed', path: '/video' }],
  ['an instance video maps to /video', '/lena-hart/clinic/video', { kind: 'embed', path: '/video' }],
  ['one segment maps to /overview', '/lena-hart', { kind: 'embed', path: '/overview' }],
  ['two segments map to /overview', '/lena-hart/clinic', { kind: 'embed', path: '/overview' }],
  ['the explore page is one segment: /overview', '/explore', { kind: 'embed', path: '/overview' }],
  [
    'anything else is unchanged',
    '/lena-hart/call/shared/s1',
    { kind: 'unchanged', path: '/lena-hart/call/shared/s1' },
  ],
  [
    'a shared conversation (5 segments, talk 2nd) is unchanged',
    '/lena-hart/talk/conversation/shared/s1',
    { kind: 'unchanged', path: '/lena-hart/talk/conversation/shared/s1' },
  ],
]

describe('translateEmbedLink (spec 1 §2)', () => {
  it.each(table)('%s', (_rule, target, expected) => {
    expect(translateEmbedLink(target, () => undefined)).toEqual(expected)
  })

  it.each(table)('keeps the query string: %s', (_rule, target, expected) => {
    const result = translateEmbedLink(`${target}?message=hi&actions=menu`, () => undefined)
    expect(result).toEqual({ kind: expected.kind, path: `${expected.path}?message=hi&actions=menu` })
  })

  it('logs a warning only when no rule applies', () => {
    const warn = vi.fn()
    translateEmbedLink('/lena-hart/talk', warn)
    expect(warn).not.toHaveBeenCalled()
    translateEmbedLink('/a/b/c/d/e/f', warn)
    expect(warn).toHaveBeenCalledOnce()
    expect(warn.mock.calls[0]![0]).toContain('/a/b/c/d/e/f')
  })

  it('warns through console.warn by default', () => {
    const spy = vi.spyOn(console, 'warn').mockImplementation(() => undefined)
    expect(translateEmbedLink('/x/y/z').kind).toBe('unchanged')
    expect(spy).toHaveBeenCalledOnce()
    spy.mockRestore()
  })
})
