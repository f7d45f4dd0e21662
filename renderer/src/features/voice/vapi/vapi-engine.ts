import type { CallEngine, CallEngineContext } from '../call-engine'
import { mapVapiEvent, VAPI_EVENT_NAMES, type VapiEventName } from './vapi-events'

/*
 * Vapi holds the call (spec 2 §7): the browser joins with the public key and the assistant the server built
 * (POST /api/calls/voice). The SDK (with Daily inside, several hundred KB) is imported only here, in start(),
 * so it is never part of the first load; tests hand in a fake SDK through `loadSdk`.
 */

/** The part of the SDK's Vapi class the engine uses (@vapi-ai/web vapi.d.ts). */
export interface VapiClient {
  on(event: VapiEventName, listener: (payload?: unknown) => void): unknown
  removeListener(event: VapiEventName, listener: (payload?: unknown) => void): unknown
  start(assistant: Record<string, unknown>): Promise<unknown>
  stop(): Promise<void>
  setMuted(muted: boolean): void
  /** Daily's input switch (vapi.d.ts: `setInputDevicesAsync({ audioDeviceId })`). */
  setInputDevicesAsync?(options: { audioDeviceId: string }): Promise<unknown>
  /** Daily's output switch (vapi.d.ts: `setOutputDeviceAsync({ outputDeviceId })`). */
  setOutputDeviceAsync?(options: { outputDeviceId: string }): unknown
  /** Daily's call object (vapi.d.ts), for the assistant's track when its audio element was refused. */
  getDailyCallObject?(): { participants(): Record<string, unknown> } | null
}

type Obj = Record<string, unknown>
const obj = (v: unknown): Obj => (typeof v === 'object' && v !== null ? (v as Obj) : {})

/** The assistant's audio track from Daily's participants (the one that is not local), if any. */
function assistantTrack(client: VapiClient): MediaStreamTrack | null {
  const participants = client.getDailyCallObject?.()?.participants() ?? {}
  for (const [id, participant] of Object.entries(participants)) {
    if (id === 'local' || obj(participant).local === true) continue
    const track = obj(obj(obj(participant).tracks).audio).persistentTrack
    if (track) return track as MediaStreamTrack
  }
  return null
}

/**
 * The SDK's constructor: the public key, then (unused here) the API base and Daily's config, then Daily's
 * call-object options, whose `audioSource` takes the remembered microphone's deviceId.
 */
export type VapiConstructor = new (
  publicKey: string,
  apiBaseUrl?: string,
  dailyCallConfig?: Record<string, unknown>,
  dailyCallObject?: { audioSource?: string },
) => VapiClient

export type VapiSdkLoader = () => Promise<VapiConstructor>

const loadVapiSdk: VapiSdkLoader = async () =>
  (await import('@vapi-ai/web')).default as unknown as VapiConstructor

export function createVapiEngine(
  context: CallEngineContext,
  loadSdk: VapiSdkLoader = loadVapiSdk,
): CallEngine {
  let vapi: VapiClient | null = null
  let muted = false
  let stopped = false
  let speaker = context.devices?.speaker
  /** Our own player for the assistant's voice, made from a click after the SDK's was refused. */
  let player: HTMLAudioElement | null = null
  const listeners = new Map<VapiEventName, (payload?: unknown) => void>()

  const detach = () => {
    if (vapi) for (const [name, listener] of listeners) vapi.removeListener(name, listener)
    listeners.clear()
  }

  const fail = (message: string, cause?: unknown) =>
    context.onEvent({ type: 'error', error: { kind: 'provider', message, cause } })

  return {
    async start() {
      const provider = context.call.provider
      if (provider.kind !== 'vapi') return fail('This call is not held by Vapi')
      let Vapi: Awaited<ReturnType<VapiSdkLoader>>
      try {
        Vapi = await loadSdk()
      } catch (error) {
        return context.onEvent({
          type: 'error',
          error: { kind: 'network', message: 'Could not load the Vapi SDK', cause: error },
        })
      }
      if (stopped) return
      const microphone = context.devices?.microphone
      const client = microphone
        ? new Vapi(provider.publicKey, undefined, undefined, { audioSource: microphone })
        : new Vapi(provider.publicKey)
      vapi = client
      for (const name of VAPI_EVENT_NAMES) {
        const listener = (payload?: unknown) => {
          if (stopped) return
          const event = mapVapiEvent(name, payload)
          if (event) context.onEvent(event)
        }
        listeners.set(name, listener)
        client.on(name, listener)
      }
      if (muted) client.setMuted(true)
      try {
        // On failure the SDK emits 'error' (mapped above) and resolves null; a throw is reported here.
        await client.start(provider.assistant)
        if (speaker && !stopped) client.setOutputDeviceAsync?.({ outputDeviceId: speaker })
      } catch (error) {
        if (!stopped) fail(error instanceof Error ? error.message : 'Vapi could not start the call', error)
      }
    },
    setMuted(next) {
      muted = next
      vapi?.setMuted(next)
    },
    async setMicrophone(deviceId) {
      await vapi?.setInputDevicesAsync?.({ audioDeviceId: deviceId })
    },
    async setSpeaker(deviceId) {
      speaker = deviceId
      vapi?.setOutputDeviceAsync?.({ outputDeviceId: deviceId })
      const sink = player as (HTMLAudioElement & { setSinkId?: (id: string) => Promise<void> }) | null
      await sink?.setSinkId?.(deviceId)
    },
    async resumePlayback() {
      const track = vapi && !stopped ? assistantTrack(vapi) : null
      if (!track) return
      player?.remove()
      const audio = document.createElement('audio')
      audio.autoplay = true
      audio.srcObject = new MediaStream([track])
      document.body.append(audio)
      player = audio
      const sink = audio as HTMLAudioElement & { setSinkId?: (id: string) => Promise<void> }
      if (speaker) await sink.setSinkId?.(speaker).catch(() => undefined)
      try {
        await audio.play()
        context.onEvent({ type: 'playback-resumed' })
      } catch {
        // Still refused: the button stays for another click.
      }
    },
    async stop() {
      if (stopped) return
      stopped = true
      player?.remove()
      player = null
      // Listeners go first: the store asked for the end, it needs no 'ended' back.
      detach()
      await vapi?.stop().catch(() => {})
    },
  }
}
