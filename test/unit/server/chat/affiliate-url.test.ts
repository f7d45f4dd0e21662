import { describe, expect, it } from 'vitest'
import { decodeAffiliateTarget, encodeAffiliateTarget } from '../../../../server/chat/affiliate-url'

const URL_WITH_QUERY = 'https://shop.example.com/p/topper?ref=lena&size=queen'

describe('decodeAffiliateTarget', () => {
  it('decodes standard and url-safe base64, with or without padding', () => {
    expect(decodeAffiliateTarget(encodeAffiliateTarget(URL_WITH_QUERY))).toBe(URL_WITH_QUERY)
    expect(decodeAffiliateTarget(Buffer.from(URL_WITH_QUERY).toString('base64url'))).toBe(URL_WITH_QUERY)
    const unpadded = encodeAffiliateTarget('https://a.example/x').replace(/=+$/, '')
    expect(decodeAffiliateTarget(unpadded)).toBe('https://a.example/x')
    expect(decodeAffiliateTarget(encodeAffiliateTarget('https://ü.example/ä'))).toBe('https://ü.example/ä')
  })

  it('refuses anything that is not an http(s) URL in base64', () => {
    for (const to of [
      '',
      'not base64!',
      encodeAffiliateTarget('javascript:alert(1)'),
      encodeAffiliateTarget('//evil.example.com'),
      encodeAffiliateTarget('shop.example.com/p'),
      Buffer.from([0xff, 0xfe, 0xfd]).toString('base64'),
      'a',
    ]) {
      expect(decodeAffiliateTarget(to), to).toBeNull()
    }
  })
})
