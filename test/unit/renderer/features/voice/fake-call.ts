import { vi } from 'vitest'
import type { StartVoiceCallResponse } from '../../../../../contract/calls'
import type { CallDependencies } from '../../../../../renderer/src/features/voice/call.store'
import type {
  CallEngine,
  CallEngineContext,
  CallEngineEvent,
} from '../../../../../renderer/src/features/voice/call-engine'

export const CALL_ID = '11111111-1111-4111-8111-111111111111'
export const CALL_CONVERSATION_ID = '22222222-2222-4222-8222-222222222222'

export const startedCall = (patch: Partial<StartVoiceCallResponse> = {}): StartVoiceCallResponse => ({
  callId: CALL_ID,
  conversationId: CALL_CONVERSATION_ID,
  startedAt: '2025-01-01T10:00:00.000Z',
  language: 'en',
  remainingSeconds: 600,
  provider: { kind: 'local' },
  ...patch,
})

/** A call engine driven by the test: `emit` plays an engine event, `started`/`stopped` record calls. */
export function fakeEngine() {
  const engine = {
    context: null as CallEngineContext | null,
    started: 0,
    stopped: 0,
    muted: [] as boolean[],
    emit(event: CallEngineEvent) {
      engine.context?.onEvent(event)
    },
    create: (context: CallEngineContext): CallEngine => {
      engine.context = context
      return {
        start: async () => {
          engine.started++
        },
        setMuted: (muted) => engine.muted.push(muted),
        stop: async () => {
          engine.stopped++
        },
      }
    },
  }
  return engine
}

/** Every dependency of the call store as a spy, over a fake engine. */
export function fakeCallDependencies(engine = fakeEngine(), call = startedCall()) {
  const deps = {
    startVoiceCall: vi.fn(async () => call),
    endVoiceCall: vi.fn(async () => ({ remainingSeconds: 540 })),
    sendVoiceHeartbeat: vi.fn(async () => ({ remainingSeconds: 500, ended: false })),
    reportVoiceFailure: vi.fn(async () => undefined),
    loadCallEngine: vi.fn(async () => engine.create),
    capabilities: vi.fn(async () => ({ transcription: 'server' as const, calls: 'local' as const })),
    microphonePermission: vi.fn(async () => 'granted' as const),
    isPaywallOpen: vi.fn(() => false),
    now: () => Date.now(),
  } satisfies CallDependencies
  return deps
}
