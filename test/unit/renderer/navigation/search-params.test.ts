import { describe, expect, it } from 'vitest'
import {
  parseCallSearch,
  parseTalkSearch,
  talkSearchSchema,
} from '../../../../renderer/src/navigation/search-params'

const uuid = '2f1b8c5e-4a3d-4e9b-9c1f-0a2b3c4d5e6f'

describe('talk search', () => {
  it('is empty for no params', () => {
    expect(parseTalkSearch({})).toEqual({})
  })

  it('keeps message and uses q only as its alias', () => {
    expect(parseTalkSearch({ message: 'hi' })).toEqual({ message: 'hi' })
    expect(parseTalkSearch({ q: 'hello' })).toEqual({ message: 'hello' })
    expect(parseTalkSearch({ message: 'hi', q: 'hello' })).toEqual({ message: 'hi' })
    // The router's JSON-aware parser turns '?message=42' into a number.
    expect(parseTalkSearch({ message: 42 })).toEqual({ message: '42' })
    expect(parseTalkSearch({ message: { a: 1 } })).toEqual({})
  })

  it('reads autoLoadRecent from strings or booleans', () => {
    expect(parseTalkSearch({ autoLoadRecent: 'true' })).toEqual({ autoLoadRecent: true })
    expect(parseTalkSearch({ autoLoadRecent: 'false' })).toEqual({ autoLoadRecent: false })
    expect(parseTalkSearch({ autoLoadRecent: true })).toEqual({ autoLoadRecent: true })
    expect(parseTalkSearch({ autoLoadRecent: 'yes please' })).toEqual({})
  })

  it('treats paywall as a flag', () => {
    expect(parseTalkSearch({ paywall: '' })).toEqual({ paywall: true })
    expect(parseTalkSearch({ paywall: 'true' })).toEqual({ paywall: true })
    expect(parseTalkSearch({ paywall: true })).toEqual({ paywall: true })
    expect(parseTalkSearch({ paywall: 1 })).toEqual({ paywall: true })
    expect(parseTalkSearch({ paywall: 'false' })).toEqual({ paywall: false })
    expect(parseTalkSearch({ paywall: false })).toEqual({ paywall: false })
  })

  it('keeps known actions and drops others', () => {
    for (const view of [
      'menu',
      'text',
      'share',
      'socials',
      'bookmark',
      'feedback',
      'authenticate',
      'history',
    ]) {
      expect(parseTalkSearch({ actions: view })).toEqual({ actions: view })
    }
    expect(parseTalkSearch({ actions: 'explode', message: 'hi' })).toEqual({ message: 'hi' })
  })

  it('parses citations from a JSON string or an already-parsed object', () => {
    const value = { message: uuid, citation: 3, relevant: 'doc-1' }
    expect(parseTalkSearch({ citations: JSON.stringify(value) })).toEqual({ citations: value })
    expect(parseTalkSearch({ citations: value })).toEqual({ citations: value })
    expect(parseTalkSearch({ citations: { message: uuid } })).toEqual({ citations: { message: uuid } })
  })

  it('drops bad citations, or only their bad optional parts', () => {
    expect(parseTalkSearch({ citations: '{not json' })).toEqual({})
    expect(parseTalkSearch({ citations: { message: 'not-a-uuid' } })).toEqual({})
    expect(parseTalkSearch({ citations: { citation: 2 } })).toEqual({})
    expect(parseTalkSearch({ citations: { message: uuid, citation: 100 } })).toEqual({
      citations: { message: uuid },
    })
    expect(parseTalkSearch({ citations: { message: uuid, citation: 0 } })).toEqual({
      citations: { message: uuid },
    })
    expect(parseTalkSearch({ citations: { message: uuid, citation: 1.5 } })).toEqual({
      citations: { message: uuid },
    })
  })

  it('never throws, whatever it is given', () => {
    for (const raw of [null, undefined, 'x', 3, [], { message: Symbol('x') }]) {
      expect(() => parseTalkSearch(raw as never)).not.toThrow()
    }
    expect(talkSearchSchema.safeParse({ actions: 7, autoLoadRecent: [], citations: 5 }).success).toBe(true)
  })
})

describe('call search', () => {
  it('reads dial', () => {
    expect(parseCallSearch({ dial: 'true' })).toEqual({ dial: true })
    expect(parseCallSearch({ dial: true })).toEqual({ dial: true })
    expect(parseCallSearch({ dial: 'false' })).toEqual({ dial: false })
    expect(parseCallSearch({ dial: 'maybe' })).toEqual({})
    expect(parseCallSearch({})).toEqual({})
  })
})
