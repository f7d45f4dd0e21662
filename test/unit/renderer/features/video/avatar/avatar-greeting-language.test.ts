import { describe, expect, it, vi } from 'vitest'
import { activeLanguage, addCatalog } from '../../../../../../contract/i18n'
import type { StartVideoCallResponse } from '../../../../../../contract/video'
import {
  type AvatarEngineDeps,
  createAvatarEngine,
} from '../../../../../../renderer/src/features/video/avatar/avatar-engine'
import {
  createLocalEngine,
  startGreeting,
} from '../../../../../../renderer/src/features/voice/local/local-engine'
import { fakeWorld, CALL as VOICE_CALL } from '../../voice/local/engine-fakes'

/*
 * Issue #25: the local avatar's greeting is spoken in the call's language, whatever the interface's.
 * A Spanish catalog stands in for the translators' (contract/locales/es.json).
 */

const CALL: StartVideoCallResponse = {
  ...VOICE_CALL,
  language: 'es',
  provider: { kind: 'local' },
  tavusConversationId: null,
  tavusConversationUrl: null,
  transcription: { language: 'es', endpointing: 500, profanity_filter: false },
}

describe('the local avatar’s greeting', () => {
  it('is read in the call’s language, the interface staying in its own', async () => {
    addCatalog('es', { 'avatar.greeting': 'Hola, soy {name}. ¿De qué quieres hablar?' })
    const world = fakeWorld()
    const deps: AvatarEngineDeps = {
      loadLoop: async () => ({ createLocalEngine, defaultLocalEngineDeps: () => world.deps, startGreeting }),
      loopDeps: (defaults) => defaults,
      capabilities: async () => ({ transcription: 'server', calls: 'local' }),
      openMicrophone: vi.fn(async () => ({ getTracks: () => [] }) as unknown as MediaStream),
      loadPortrait: vi.fn(async () => ({ image: null, initials: 'LH' })),
      mountView: vi.fn((options) => {
        options.onFirstFrame()
        return { canvas: {} as HTMLCanvasElement, destroy: vi.fn() }
      }),
      startRecording: vi.fn(() => ({
        type: 'video/webm',
        setCamera: vi.fn(),
        setMicrophone: vi.fn(),
        setCloneVoice: vi.fn(),
        setMuted: vi.fn(),
        stop: vi.fn(async () => null),
      })),
      uploadRecording: vi.fn(async () => ({ uploadId: 'u' })),
      attachRecording: vi.fn(async () => ({})),
      sendTranscript: vi.fn(async () => ({ id: 'x' })),
      every: () => () => {},
      now: () => 0,
      timestamp: () => '2025-01-01T00:00:05.000Z',
      reducedMotion: () => false,
      log: () => {},
    }
    const engine = createAvatarEngine(
      {
        call: CALL,
        cloneSlug: 'lena-hart',
        cloneName: 'Lena Hart',
        cloneImageUrl: null,
        language: 'es',
        onEvent: () => {},
      },
      deps,
    )
    await engine.start({ replica: {} as HTMLElement, camera: null })
    const greeting = 'Hola, soy Lena Hart. ¿De qué quieres hablar?'
    await vi.waitFor(() => expect(world.playbacks.map((p) => p.text)).toEqual([greeting]))
    expect(world.deps.fetchSpeech).toHaveBeenCalledWith(CALL.callId, greeting, expect.anything())
    expect(activeLanguage()).toBe('en')
    await engine.stop()
  })
})
