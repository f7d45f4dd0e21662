import { describe, expect, it } from 'vitest'
import type { UserType } from '../../../../../contract/auth'
import {
  hasVisibleCitations,
  logoFlagEmbedMode,
  type MessageToolsInput,
  messageTools,
  questionBefore,
} from '../../../../../renderer/src/features/command-bar/command-bar'
import { citation, message } from '../../support/chat'

const input = (overrides: Partial<MessageToolsInput> = {}): MessageToolsInput => ({
  sender: 'CLONE',
  fromStudio: false,
  isFirst: false,
  hasCitations: true,
  userType: 'admin',
  staff: false,
  viewSources: true,
  hasVoice: true,
  ...overrides,
})

describe('messageTools (spec 1 §6 command bar rules)', () => {
  it.each<[string, Partial<MessageToolsInput>, string[]]>([
    [
      'the creator, on a later answer with citations, voice and sources',
      {},
      ['revise', 'tone', 'citations', 'readAloud'],
    ],
    ['the creator who is also staff', { staff: true }, ['revise', 'tone', 'citations', 'readAloud', 'debug']],
    ['the creator on the first message', { isFirst: true }, ['readAloud']],
    ['the creator in the logo-flag embed mode', { embedLogoMode: true }, ['citations', 'readAloud']],
    ['the creator when the clone hides sources', { viewSources: false }, ['revise', 'tone', 'readAloud']],
    ['the creator on an answer without citations', { hasCitations: false }, ['revise', 'tone', 'readAloud']],
    ['the creator of a clone without a voice', { hasVoice: false }, ['revise', 'tone', 'citations']],
    ['a studio message', { fromStudio: true, staff: true }, []],
    ['the user’s own message', { sender: 'USER', staff: true }, []],
    ['a system notice', { sender: 'SYSTEM' }, []],
    ['a contributor', { userType: 'collab' }, ['readAloud']],
    ['a signed-in consumer', { userType: 'consumer_signed_in' }, ['readAloud']],
    ['an anonymous visitor', { userType: 'anonymous' }, ['readAloud']],
    ['an anonymous visitor of a clone without a voice', { userType: 'anonymous', hasVoice: false }, []],
    [
      'staff who are not the creator',
      { userType: 'consumer_signed_in', staff: true },
      ['readAloud', 'debug'],
    ],
  ])('%s', (_case, overrides, tools) => {
    expect(messageTools(input(overrides))).toEqual(tools)
  })

  it.each<UserType>(['collab', 'consumer_signed_in', 'anonymous'])(
    'never offers %s the creator’s tools',
    (userType) => {
      for (const isFirst of [true, false]) {
        const tools = messageTools(input({ userType, isFirst, staff: true }))
        expect(tools).not.toContain('revise')
        expect(tools).not.toContain('tone')
        expect(tools).not.toContain('citations')
      }
    },
  )
})

describe('logoFlagEmbedMode (spec 1 §6, the clone option productLogo)', () => {
  it('is on in an embed of a clone whose product-logo flag is on, and nowhere else', () => {
    expect(logoFlagEmbedMode(true, { productLogo: true })).toBe(true)
    expect(logoFlagEmbedMode(true, { productLogo: false })).toBe(false)
    expect(logoFlagEmbedMode(false, { productLogo: true })).toBe(false)
    expect(logoFlagEmbedMode(false, { productLogo: false })).toBe(false)
  })

  it("takes Revise and Adjust tone from the creator's bar in that mode only", () => {
    const inEmbed = (productLogo: boolean) =>
      messageTools(input({ embedLogoMode: logoFlagEmbedMode(true, { productLogo }) }))
    expect(inEmbed(true)).toEqual(['citations', 'readAloud'])
    expect(inEmbed(false)).toEqual(['revise', 'tone', 'citations', 'readAloud'])
  })
})

describe('hasVisibleCitations', () => {
  it('counts only visible citations with a title', () => {
    expect(hasVisibleCitations({ citations: [] })).toBe(false)
    expect(hasVisibleCitations({ citations: [citation({ visible: false })] })).toBe(false)
    expect(hasVisibleCitations({ citations: [citation({ title: ' ' })] })).toBe(false)
    expect(hasVisibleCitations({ citations: [citation()] })).toBe(true)
  })
})

describe('questionBefore', () => {
  it('finds the last user message before the answer', () => {
    const q1 = message({ sender: 'USER', text: 'First?' })
    const a1 = message({ text: 'One.' })
    const q2 = message({ sender: 'USER', text: 'Second?' })
    const a2 = message({ text: 'Two.' })
    const a3 = message({ text: 'And more.' })
    const all = [q1, a1, q2, a2, a3]
    expect(questionBefore(all, a1.id)).toBe(q1)
    expect(questionBefore(all, a3.id)).toBe(q2)
  })

  it('is null for an answer with no question before it, or an unknown message', () => {
    const greeting = message({ text: 'Welcome!' })
    expect(questionBefore([greeting], greeting.id)).toBeNull()
    expect(questionBefore([greeting], 'missing')).toBeNull()
  })
})
