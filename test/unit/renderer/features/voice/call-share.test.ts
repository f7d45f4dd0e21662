import { describe, expect, it } from 'vitest'
import { callShareable, sharedCallPath } from '../../../../../renderer/src/features/voice/CallSharePanel'
import { sharedConversationUrl } from '../../../../../server/chat/sharing'

/* spec 2 §2/§6 (audit P2-12, P2-15): who may share a call, and the link every share path gives. */

const ok = {
  conversationId: '44444444-4444-4444-8444-444444444444',
  medium: 'BROWSER_VOICE',
  publicClone: true,
  signedIn: true,
  embedded: false,
}

describe('callShareable', () => {
  it('shares a signed-in visitor’s voice call of a public clone outside an embed', () => {
    expect(callShareable(ok)).toBe(true)
    expect(callShareable({ ...ok, medium: 'PHONE_VOICE' })).toBe(true)
  })

  it('refuses each missing condition alone', () => {
    expect(callShareable({ ...ok, conversationId: null })).toBe(false)
    expect(callShareable({ ...ok, medium: 'WEB' })).toBe(false)
    expect(callShareable({ ...ok, medium: 'VIDEO' })).toBe(false)
    expect(callShareable({ ...ok, medium: null })).toBe(false)
    expect(callShareable({ ...ok, publicClone: false })).toBe(false)
    expect(callShareable({ ...ok, signedIn: false })).toBe(false)
    // Not the special embed configuration.
    expect(callShareable({ ...ok, embedded: true })).toBe(false)
  })
})

describe('the call’s share link', () => {
  it('the share panel builds /{slug}/call/shared/{shareId}', () => {
    expect(sharedCallPath('lena-hart', 'AbC-12_xyz')).toBe('/lena-hart/call/shared/AbC-12_xyz')
    expect(sharedCallPath('lena hart', 'a/b')).toBe('/lena%20hart/call/shared/a%2Fb')
  })

  it('POST share and history answer the call’s page for call media, the chat’s for the rest', () => {
    const host = 'https://likeness.example/'
    expect(sharedConversationUrl(host, 'lena-hart', null, 'S1', 'BROWSER_VOICE')).toBe(
      'https://likeness.example/lena-hart/call/shared/S1',
    )
    // A call of an instance is shared on the clone's page: instances have no shared call pages.
    expect(sharedConversationUrl(host, 'lena-hart', 'clinic', 'S1', 'PHONE_VOICE')).toBe(
      'https://likeness.example/lena-hart/call/shared/S1',
    )
    expect(sharedConversationUrl(host, 'lena-hart', null, 'S1', 'VIDEO')).toBe(
      'https://likeness.example/lena-hart/video/shared/S1',
    )
    expect(sharedConversationUrl(host, 'lena-hart', 'clinic', 'S1', 'WEB')).toBe(
      'https://likeness.example/lena-hart/clinic/talk/conversation/shared/S1',
    )
    expect(sharedConversationUrl(host, 'lena-hart', null, 'S1')).toBe(
      'https://likeness.example/lena-hart/talk/conversation/shared/S1',
    )
  })
})
