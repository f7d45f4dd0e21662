// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { CloneVoiceSettings } from '../../../../../contract/voice-settings'
import { CloneSettingsRoute } from '../../../../../renderer/src/features/studio/CloneSettingsScreen'
import {
  pronunciationProblems,
  voiceDraftOf,
  voiceSettingsOfDraft,
} from '../../../../../renderer/src/features/studio/voice-settings-draft'
import { renderAtRoute } from '../../support/route-harness'
import { error, fakeApi, me, settingsOf } from './studio-fakes'

/* The studio's call voice (issue #26 part 2): provider and tuning, pronunciations, first messages, previews. */

afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
})

const saved: CloneVoiceSettings = {
  provider: '11labs',
  voiceId: null,
  speed: null,
  stability: 0.4,
  pronunciations: [{ word: 'Nguyen', kind: 'respelling', say: 'win' }],
  firstMessages: { en: 'Hi, Ada here.', fr: 'Bonjour, ici Ada.' },
}

function open(
  role: 'CREATOR' | 'CONTRIBUTOR',
  put: (body: CloneVoiceSettings) => { status: number; body: unknown } = (body) => ({ status: 200, body }),
  stored: CloneVoiceSettings = saved,
) {
  const settings = settingsOf({ role })
  const api = fakeApi((method, path, body) => {
    if (path === '/api/studio/voices') return { status: 200, body: { provider: 'espeak', voices: [] } }
    if (path === '/api/studio/ada-stone/settings') return { status: 200, body: settings }
    if (path === '/api/studio/ada-stone/voice-settings' && method === 'GET')
      return { status: 200, body: stored }
    if (path === '/api/studio/ada-stone/voice-settings' && method === 'PUT')
      return put(body as CloneVoiceSettings)
    if (path === '/api/studio/voice-preview') return error(503, 'unavailable', 'No voice here')
    return { status: 200, body: { clones: [], user: null, relationships: [] } }
  })
  return renderAtRoute(CloneSettingsRoute, {
    path: '/studio/$slug/settings',
    url: '/studio/ada-stone/settings',
    me: me(role),
    fetch: api.fetch,
  }).then((view) => ({ ...view, calls: api.calls }))
}

const section = async () => within((await screen.findByRole('form', { name: 'Call voice' })) as HTMLElement)

describe('the call voice section', () => {
  it('saves a new word, a tuned speed and a first message in another language, and keeps the rest', async () => {
    const { calls } = await open('CREATOR')
    const form = await section()
    await form.findByDisplayValue('Nguyen')
    // ElevenLabs has speed and stability: both sliders; Cartesia has neither.
    fireEvent.change(form.getByLabelText('Speed'), { target: { value: '1.1' } })
    fireEvent.click(form.getByRole('button', { name: 'Add a word' }))
    const words = form.getAllByLabelText('Word')
    fireEvent.change(words[1]!, { target: { value: 'Likeness' } })
    fireEvent.change(form.getAllByLabelText('Say it as')[1]!, { target: { value: 'lyke ness' } })
    fireEvent.change(form.getByLabelText('Add a language'), { target: { value: 'es' } })
    fireEvent.change(await form.findByLabelText('First message in Spanish'), {
      target: { value: 'Hola, soy Ada.' },
    })
    const save = form.getByRole('button', { name: 'Save call voice' }) as HTMLButtonElement
    fireEvent.click(save)
    expect(await screen.findByText('Call voice saved')).toBeTruthy()
    const body = calls.find((c) => c.method === 'PUT')?.body
    expect(body).toEqual({
      provider: '11labs',
      voiceId: null,
      speed: 1.1,
      stability: 0.4,
      endpointing: null,
      transcriberModel: null,
      pronunciations: [
        { word: 'Nguyen', kind: 'respelling', say: 'win' },
        { word: 'Likeness', kind: 'respelling', say: 'lyke ness' },
      ],
      firstMessages: { en: 'Hi, Ada here.', fr: 'Bonjour, ici Ada.', es: 'Hola, soy Ada.' },
    })

    fireEvent.change(form.getByLabelText('Voice provider'), { target: { value: 'cartesia' } })
    expect(form.queryByLabelText('Speed')).toBeNull()
    expect(form.queryByLabelText('Stability')).toBeNull()
  })

  it('marks a word listed twice or left half-typed, and will not save until it is fixed', async () => {
    const { calls } = await open('CREATOR')
    const form = await section()
    await form.findByDisplayValue('Nguyen')
    fireEvent.click(form.getByRole('button', { name: 'Add a word' }))
    fireEvent.change(form.getAllByLabelText('Word')[1]!, { target: { value: 'nguyen' } })
    expect(form.getByText('This word is listed twice.')).toBeTruthy()
    expect(form.getByText('Fix the marked fields to save.')).toBeTruthy()
    expect((form.getByRole('button', { name: 'Save call voice' }) as HTMLButtonElement).disabled).toBe(true)
    fireEvent.change(form.getAllByLabelText('Word')[1]!, { target: { value: 'Ada' } })
    expect(form.getByText('Say how it sounds.')).toBeTruthy()
    fireEvent.click(form.getByRole('button', { name: 'Remove Ada' }))
    await waitFor(() => expect(form.queryByText('Say how it sounds.')).toBeNull())
    expect(calls.some((c) => c.method === 'PUT')).toBe(false)
  })

  it('lets the creator hear a first message as written, with the words being taught', async () => {
    const { calls } = await open('CREATOR')
    const form = await section()
    fireEvent.change(await form.findByLabelText('First message in English'), {
      target: { value: 'Hi, ask Nguyen.' },
    })
    fireEvent.click(form.getByRole('button', { name: 'Hear the first message in English' }))
    await waitFor(() => expect(calls.some((c) => c.path === '/api/studio/voice-preview')).toBe(true))
    expect(calls.find((c) => c.path === '/api/studio/voice-preview')?.body).toEqual({
      language: 'en',
      voiceId: settingsOf().voiceId,
      text: 'Hi, ask Nguyen.',
      pronunciations: [{ word: 'Nguyen', kind: 'respelling', say: 'win' }],
      // Heard with the tuning being edited: ElevenLabs' stability as saved, its speed left to the voice.
      speed: null,
      stability: 0.4,
    })
    // The server's refusal is said, and the button is ready again.
    expect(await screen.findByText('No voice here')).toBeTruthy()
  })

  it('shows a saved provider nobody supports as the spec says, and a refused save keeps the draft', async () => {
    await open('CREATOR', () => error(400, 'bad_request', 'Unsupported voice provider'), {
      ...saved,
      provider: 'playht',
    })
    const form = await section()
    expect(await form.findByRole('alert')).toHaveProperty('textContent', 'Unsupported voice provider')
    fireEvent.change(form.getByLabelText('Voice provider'), { target: { value: 'openai' } })
    expect(form.queryByRole('alert')).toBeNull()
    fireEvent.change(form.getByLabelText('First message in English'), { target: { value: 'Hey!' } })
    fireEvent.click(form.getByRole('button', { name: 'Save call voice' }))
    expect(await screen.findByText('Unsupported voice provider')).toBeTruthy()
    expect((form.getByLabelText('First message in English') as HTMLTextAreaElement).value).toBe('Hey!')
  })

  it('is read-only for a contributor', async () => {
    await open('CONTRIBUTOR')
    const form = await section()
    const word = await form.findByDisplayValue('Nguyen')
    expect(word.closest('fieldset:not(.studio-voice-group)')?.hasAttribute('disabled')).toBe(true)
    expect(form.queryByRole('button', { name: 'Save call voice' })).toBeNull()
  })
})

describe('the call voice draft', () => {
  it('puts the clone’s own language first and drops blank first messages on save', () => {
    const draft = voiceDraftOf({ ...saved, firstMessages: { fr: 'Bonjour.' } }, 'en')
    expect(draft.firstMessages).toEqual([
      { language: 'en', text: '' },
      { language: 'fr', text: 'Bonjour.' },
    ])
    expect(voiceSettingsOfDraft(draft).firstMessages).toEqual({ fr: 'Bonjour.' })
    // Cartesia has no stability: a value left from ElevenLabs is not saved with it.
    expect(voiceSettingsOfDraft({ ...draft, provider: 'cartesia' }).stability).toBeNull()
    expect(voiceSettingsOfDraft(draft).stability).toBe(0.4)
  })

  it('checks words as the server does', () => {
    const rows = [
      { key: 'a', word: 'New York', kind: 'phonemes' as const, say: 'nuː ˈjɔːk' },
      { key: 'b', word: 'new york', kind: 'respelling' as const, say: 'noo york' },
      { key: 'c', word: 'a<b', kind: 'respelling' as const, say: 'x' },
      { key: 'd', word: '', kind: 'respelling' as const, say: 'x' },
      // A row added and left empty is no mistake: it is not saved.
      { key: 'e', word: ' ', kind: 'respelling' as const, say: '' },
    ]
    expect(Object.fromEntries(pronunciationProblems(rows))).toEqual({
      b: 'wordTwice',
      c: 'wordInvalid',
      d: 'wordMissing',
    })
  })
})
