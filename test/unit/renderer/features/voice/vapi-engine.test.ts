import { describe, expect, it } from 'vitest'
import type { StartVoiceCallResponse, VoiceCapabilities } from '../../../../../contract/calls'
import type { CallEngineEvent } from '../../../../../renderer/src/features/voice/call-engine'
import {
  createVapiEngine,
  type VapiClient,
  type VapiSdkLoader,
} from '../../../../../renderer/src/features/voice/vapi/vapi-engine'
import { mapVapiEvent } from '../../../../../renderer/src/features/voice/vapi/vapi-events'
import recorded from './vapi-events.json'

type Listener = (payload?: unknown) => void

/** Stands in for the SDK's Vapi class: records what the engine does and lets the test emit events. */
class FakeVapi implements VapiClient {
  static last: FakeVapi | null = null
  readonly listeners = new Map<string, Set<Listener>>()
  started: Record<string, unknown> | null = null
  muted: boolean[] = []
  stops = 0
  constructor(readonly publicKey: string) {
    FakeVapi.last = this
  }
  on(name: string, listener: Listener) {
    if (!this.listeners.has(name)) this.listeners.set(name, new Set())
    this.listeners.get(name)!.add(listener)
  }
  removeListener(name: string, listener: Listener) {
    this.listeners.get(name)?.delete(listener)
  }
  emit(name: string, payload?: unknown) {
    for (const listener of this.listeners.get(name) ?? []) listener(payload)
  }
  listenerCount = () => [...this.listeners.values()].reduce((n, s) => n + s.size, 0)
  async start(assistant: Record<string, unknown>) {
    this.started = assistant
    return { id: 'vapi-call-1' }
  }
  async stop() {
    this.stops++
  }
  setMuted(muted: boolean) {
    this.muted.push(muted)
  }
}

const ASSISTANT = { name: 'Lena Hart', model: { provider: 'custom-llm' } }
const CALL: StartVoiceCallResponse = {
  callId: '11111111-1111-4111-8111-111111111111',
  conversationId: '22222222-2222-4222-8222-222222222222',
  startedAt: '2026-01-01T10:00:00.000Z',
  language: 'en',
  remainingSeconds: -1,
  provider: { kind: 'vapi', publicKey: 'pk-test', assistant: ASSISTANT },
}
const CAPABILITIES: VoiceCapabilities = { transcription: 'none', calls: 'vapi' }

function setUp(loadSdk: VapiSdkLoader = async () => FakeVapi) {
  const events: CallEngineEvent[] = []
  const engine = createVapiEngine(
    {
      call: CALL,
      cloneSlug: 'lena-hart',
      language: 'en',
      capabilities: CAPABILITIES,
      onEvent: (e) => events.push(e),
    },
    loadSdk,
  )
  return { engine, events }
}

describe('mapVapiEvent', () => {
  it('turns a recorded Vapi call into the call store’s events', () => {
    const mapped = recorded.events.map((e) => mapVapiEvent(e.name, 'payload' in e ? e.payload : undefined))
    expect(mapped.filter(Boolean)).toEqual(recorded.expected)
  })

  it('reads a refused microphone as microphone-denied, whichever way the SDK says it', () => {
    const denied = [
      mapVapiEvent('error', {
        type: 'start-method-error',
        error: { name: 'NotAllowedError', message: 'Permission denied' },
      }),
      mapVapiEvent('camera-error', {
        type: 'camera-error',
        error: { type: 'permissions', blockedBy: 'user', blockedMedia: ['audio'], msg: 'blocked' },
      }),
    ]
    for (const event of denied)
      expect(event).toMatchObject({ type: 'error', error: { kind: 'microphone-denied' } })
    expect(
      mapVapiEvent('camera-error', {
        error: { type: 'permissions', blockedMedia: ['video'], msg: 'camera' },
      }),
    ).toBeNull()
  })

  it('reads any other error as a provider error, and room loss in any wording as room-deleted', () => {
    expect(
      mapVapiEvent('error', { type: 'daily-call-join-error', error: { message: 'join failed' } }),
    ).toMatchObject({
      type: 'error',
      error: { kind: 'provider', message: 'join failed' },
    })
    expect(
      mapVapiEvent('error', {
        type: 'daily-error',
        error: { errorMsg: 'Exiting meeting because room was deleted' },
      }),
    ).toEqual({ type: 'room-deleted' })
  })
})

describe('createVapiEngine', () => {
  it('loads the SDK only when the call starts, and starts it with the server’s assistant', async () => {
    let loads = 0
    const { engine } = setUp(async () => {
      loads++
      return FakeVapi
    })
    expect(loads).toBe(0)
    await engine.start()
    expect(loads).toBe(1)
    expect(FakeVapi.last!.publicKey).toBe('pk-test')
    expect(FakeVapi.last!.started).toEqual(ASSISTANT)
  })

  it('passes the SDK’s events on, mutes through the SDK, and stops with its listeners removed', async () => {
    const { engine, events } = setUp()
    engine.setMuted(true)
    await engine.start()
    const vapi = FakeVapi.last!
    expect(vapi.muted).toEqual([true])
    vapi.emit('call-start')
    vapi.emit('message', { type: 'speech-update', role: 'user', status: 'started' })
    engine.setMuted(false)
    expect(vapi.muted).toEqual([true, false])
    await engine.stop()
    expect(vapi.stops).toBe(1)
    expect(vapi.listenerCount()).toBe(0)
    vapi.emit('call-end')
    expect(events).toEqual([{ type: 'connected' }, { type: 'user-speech-start' }])
    await engine.stop()
    expect(vapi.stops).toBe(1)
  })

  it('says so when the SDK cannot be loaded or the call cannot start', async () => {
    const offline = setUp(async () => {
      throw new Error('chunk failed')
    })
    await offline.engine.start()
    expect(offline.events).toMatchObject([{ type: 'error', error: { kind: 'network' } }])

    class Broken extends FakeVapi {
      override async start(): Promise<never> {
        throw new Error('no webCallUrl')
      }
    }
    const broken = setUp(async () => Broken)
    await broken.engine.start()
    expect(broken.events).toMatchObject([
      { type: 'error', error: { kind: 'provider', message: 'no webCallUrl' } },
    ])
  })
})

describe('the Vapi engine and the call settings (spec 2 §2)', () => {
  /** The SDK's constructor arguments and its device calls (@vapi-ai/web vapi.d.ts). */
  class DeviceVapi extends FakeVapi {
    static args: unknown[] = []
    readonly inputs: unknown[] = []
    readonly outputs: unknown[] = []
    constructor(...args: [string, ...unknown[]]) {
      super(args[0])
      DeviceVapi.args = args
    }
    async setInputDevicesAsync(options: { audioDeviceId: string }) {
      this.inputs.push(options)
    }
    setOutputDeviceAsync(options: { outputDeviceId: string }) {
      this.outputs.push(options)
    }
  }

  it("joins with the remembered microphone as Daily's audioSource and the remembered speaker", async () => {
    const events: CallEngineEvent[] = []
    const engine = createVapiEngine(
      {
        call: CALL,
        cloneSlug: 'lena-hart',
        language: 'en',
        capabilities: CAPABILITIES,
        devices: { microphone: 'mic-headset', speaker: 'out-headset' },
        onEvent: (e) => events.push(e),
      },
      async () => DeviceVapi,
    )
    await engine.start()
    expect(DeviceVapi.args).toEqual(['pk-test', undefined, undefined, { audioSource: 'mic-headset' }])
    const vapi = FakeVapi.last as DeviceVapi
    expect(vapi.outputs).toEqual([{ outputDeviceId: 'out-headset' }])

    await engine.setMicrophone?.('mic-desk')
    await engine.setSpeaker?.('out-speakers')
    expect(vapi.inputs).toEqual([{ audioDeviceId: 'mic-desk' }])
    expect(vapi.outputs).toEqual([{ outputDeviceId: 'out-headset' }, { outputDeviceId: 'out-speakers' }])
  })

  it("reads the SDK's refused assistant audio (autoplay) as manual playback, not a failed call", () => {
    expect(
      mapVapiEvent('error', {
        type: 'audio-start-failed',
        error: { name: 'NotAllowedError', message: 'play() failed' },
      }),
    ).toEqual({ type: 'playback-blocked' })
  })

  it('joins with the default microphone when none is remembered', async () => {
    const { engine } = setUp(async () => DeviceVapi)
    await engine.start()
    expect(DeviceVapi.args).toEqual(['pk-test'])
  })
})
