// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest'
import type { EmbedConfig } from '../../../../../contract/embed'
import { MAX_ALLOWED_ORIGINS } from '../../../../../contract/embed'
import { frameUrl, readOptions } from '../../../../../pwa/embed/embed'
import {
  canEditEmbeds,
  canSeeEmbeds,
  draftOf,
  type EmbedDraft,
  emptyDraft,
  formatVoiceLimit,
  patchOf,
  readDraft,
  voiceSecondsOf,
} from '../../../../../renderer/src/features/embed-studio/embed-form'
import {
  previewUrlOf,
  productOriginOf,
  snippetOf,
} from '../../../../../renderer/src/features/embed-studio/embed-snippet'

const ID = '6f1c7a52-2b7e-4c55-9d7b-5c6a5c3e9a10'
const config = (overrides: Partial<EmbedConfig> = {}): EmbedConfig => ({
  id: ID,
  cloneSlug: 'lena-hart',
  name: 'Pricing bubble',
  allowedOrigins: ['https://lena.example'],
  layout: 'bubble',
  whitelabel: false,
  textLimit: null,
  voiceLimitSeconds: 180,
  createdAt: '2025-03-01T10:00:00.000Z',
  updatedAt: '2025-03-01T10:00:00.000Z',
  ...overrides,
})
const draft = (overrides: Partial<EmbedDraft> = {}): EmbedDraft => ({
  ...emptyDraft(),
  name: 'Site chat',
  ...overrides,
})

describe('the embed form', () => {
  it('sends a configuration as the contract takes it: trimmed name, normalised unique origins, limits', () => {
    const reading = readDraft(
      draft({
        name: '  Site chat ',
        layout: 'inline',
        origins: 'https://Lena.Example\n\n  https://lena.example  \nhttp://localhost:5174\n',
        whitelabel: true,
        textLimit: ' 4 ',
        voiceLimit: '2:30',
      }),
    )
    expect(reading).toEqual({
      ok: true,
      input: {
        name: 'Site chat',
        layout: 'inline',
        allowedOrigins: ['https://lena.example', 'http://localhost:5174'],
        whitelabel: true,
        textLimit: 4,
        voiceLimitSeconds: 150,
      },
    })
  })

  it('names the first line that is not an origin', () => {
    const reading = readDraft(draft({ origins: 'https://lena.example\nlena.example/pricing' }))
    expect(reading).toEqual({
      ok: false,
      errors: { origins: "Line 2: 'lena.example/pricing' is not an origin such as https://example.com" },
    })
    expect(readDraft(draft({ origins: 'https://lena.example/path' })).ok).toBe(false)
  })

  it(`takes at most ${MAX_ALLOWED_ORIGINS} sites`, () => {
    const many = Array.from({ length: MAX_ALLOWED_ORIGINS + 1 }, (_, i) => `https://s${i}.example`)
    expect(readDraft(draft({ origins: many.slice(1).join('\n') })).ok).toBe(true)
    expect(readDraft(draft({ origins: many.join('\n') }))).toEqual({
      ok: false,
      errors: { origins: `At most ${MAX_ALLOWED_ORIGINS} sites.` },
    })
  })

  it('wants a name of 1 to 80 characters', () => {
    expect(readDraft(draft({ name: '   ' }))).toEqual({
      ok: false,
      errors: { name: 'Give the embed a name.' },
    })
    expect(readDraft(draft({ name: 'x'.repeat(80) })).ok).toBe(true)
    expect(readDraft(draft({ name: 'x'.repeat(81) })).ok).toBe(false)
  })

  it('reads limits: empty is none, a text limit is a whole number from 1, voice is minutes', () => {
    const input = (d: Partial<EmbedDraft>) => {
      const reading = readDraft(draft(d))
      return reading.ok ? reading.input : reading.errors
    }
    expect(input({ textLimit: '', voiceLimit: '  ' })).toMatchObject({
      textLimit: null,
      voiceLimitSeconds: null,
    })
    for (const bad of ['0', '-1', '2.5', 'four', '10001'])
      expect(input({ textLimit: bad })).toHaveProperty(
        'textLimit',
        'A whole number of messages from 1 to 10000, or empty.',
      )
    expect(input({ voiceLimit: '3' })).toMatchObject({ voiceLimitSeconds: 180 })
    expect(input({ voiceLimit: '1.5' })).toMatchObject({ voiceLimitSeconds: 90 })
    for (const bad of ['0', '0:00', '3 min', '1:75', '1441'])
      expect(input({ voiceLimit: bad })).toHaveProperty(
        'voiceLimit',
        'Minutes from 0:01 to 1440:00, or empty.',
      )
    expect(voiceSecondsOf('0:01')).toBe(1)
  })

  it('shows voice limits as minutes:seconds and edits them back as typed', () => {
    expect(formatVoiceLimit(180)).toBe('3:00')
    expect(formatVoiceLimit(95)).toBe('1:35')
    expect(draftOf(config()).voiceLimit).toBe('3')
    expect(draftOf(config({ voiceLimitSeconds: 95 })).voiceLimit).toBe('1:35')
    expect(draftOf(config({ voiceLimitSeconds: null, textLimit: 4 }))).toMatchObject({
      voiceLimit: '',
      textLimit: '4',
    })
  })

  it('patches only what changed (a seeded configuration keeps its stored origins)', () => {
    const reading = readDraft({ ...draftOf(config()), textLimit: '7' })
    expect(reading.ok && patchOf(config(), reading.input)).toEqual({ textLimit: 7 })
  })

  it('lets the creator edit, and the creator and contributors see', () => {
    const team = [
      { cloneSlug: 'lena-hart', type: 'CREATOR' as const },
      { cloneSlug: 'tomas-rivera', type: 'CONTRIBUTOR' as const },
      { cloneSlug: 'ada', type: 'CONSUMER' as const },
    ]
    expect([canSeeEmbeds('lena-hart', team), canEditEmbeds('lena-hart', team)]).toEqual([true, true])
    expect([canSeeEmbeds('tomas-rivera', team), canEditEmbeds('tomas-rivera', team)]).toEqual([true, false])
    expect([canSeeEmbeds('ada', team), canEditEmbeds('ada', team)]).toEqual([false, false])
  })
})

describe('the snippet', () => {
  const scriptOf = (html: string) => {
    const doc = new DOMParser().parseFromString(`<body>${html}</body>`, 'text/html')
    return { doc, script: doc.querySelector('script') as HTMLScriptElement }
  }

  it('is what /embed.js reads: a bubble for the clone and configuration', () => {
    const { script } = scriptOf(snippetOf('https://likeness.example', config()))
    expect(script.getAttribute('src')).toBe('https://likeness.example/embed.js')
    expect(script.async).toBe(true)
    const options = readOptions(script)
    expect(options).toEqual({
      clone: 'lena-hart',
      instance: null,
      config: ID,
      layout: 'bubble',
      container: null,
    })
    expect(frameUrl('https://likeness.example', options!, 'https://lena.example')).toBe(
      `https://likeness.example/embed/lena-hart/${ID}?parent=https%3A%2F%2Flena.example&layout=bubble`,
    )
  })

  it('gives an inline embed its own container', () => {
    const { doc, script } = scriptOf(snippetOf('https://likeness.example', config({ layout: 'inline' })))
    const options = readOptions(script)!
    expect(options.layout).toBe('inline')
    expect(doc.querySelector(options.container!)?.tagName).toBe('DIV')
  })

  it('previews the embed page itself, on the product’s public origin', () => {
    expect(previewUrlOf('https://likeness.example', config())).toBe(
      `https://likeness.example/embed/lena-hart/${ID}`,
    )
    expect(productOriginOf('', 'https://likeness.example')).toBe('https://likeness.example')
    expect(productOriginOf('https://api.likeness.example/', 'app://local')).toBe(
      'https://api.likeness.example',
    )
  })
})
