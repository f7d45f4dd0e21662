// @vitest-environment happy-dom
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { callsStrings } from '../../../../../renderer/src/features/calls/calls.strings'
import type { CallEngine, CallEngineContext } from '../../../../../renderer/src/features/voice/call-engine'
import { voiceStrings } from '../../../../../renderer/src/features/voice/voice.strings'
import { voiceCall } from '../../../../../renderer/src/features/voice/voice-call'
import { closeDialog } from '../../../../../renderer/src/navigation/dialogs.store'
import { storageKeys } from '../../../../../renderer/src/platform/storage-keys'
import { lenaHart } from '../../support/clones'
import { giveElementsALayout } from '../../support/layout'
import { renderApp } from '../../support/render-app'
import { fakeCallDependencies } from './fake-call'
import { fakeVoiceApi } from './fake-voice-api'

/*
 * The voice call's settings and manual playback (spec 2 §2 'Controls: settings', 'Status overlays: manual
 * playback'; issue #26 part 5): the devices listed by enumerateDevices, the choice sent to the engine and
 * remembered for the next call, and the button that starts audio the browser held.
 */

const DEVICES = [
  { kind: 'audioinput', deviceId: 'mic-desk', label: 'Desk microphone', groupId: 'a' },
  { kind: 'audioinput', deviceId: 'mic-headset', label: 'Headset microphone', groupId: 'b' },
  { kind: 'videoinput', deviceId: 'cam-1', label: 'Webcam', groupId: 'c' },
  { kind: 'audiooutput', deviceId: 'out-speakers', label: 'Speakers', groupId: 'a' },
  { kind: 'audiooutput', deviceId: 'out-headset', label: 'Headset', groupId: 'b' },
]

/** A browser that can call and route output (setSinkId on media elements and AudioContext). */
function supportCalls({ sinks }: { sinks: boolean }) {
  class FakeAudioContext {}
  if (sinks) Object.assign(FakeAudioContext.prototype, { setSinkId: async () => undefined })
  vi.stubGlobal('AudioContext', FakeAudioContext)
  if (sinks && !('setSinkId' in HTMLMediaElement.prototype))
    Object.defineProperty(HTMLMediaElement.prototype, 'setSinkId', {
      configurable: true,
      value: async () => undefined,
    })
  if (!sinks) Reflect.deleteProperty(HTMLMediaElement.prototype, 'setSinkId')
  Object.defineProperty(navigator, 'mediaDevices', {
    configurable: true,
    value: { getUserMedia: async () => ({}), enumerateDevices: async () => DEVICES },
  })
}

/** An engine with the optional device and playback methods, recording what it was asked. */
function fakeDeviceEngine() {
  const engine = {
    contexts: [] as CallEngineContext[],
    microphones: [] as string[],
    speakers: [] as string[],
    resumed: 0,
    create: (context: CallEngineContext): CallEngine => {
      engine.contexts.push(context)
      return {
        start: async () => undefined,
        setMuted: () => undefined,
        stop: async () => undefined,
        setMicrophone: async (id) => void engine.microphones.push(id),
        setSpeaker: async (id) => void engine.speakers.push(id),
        resumePlayback: async () => {
          engine.resumed++
          context.onEvent({ type: 'playback-resumed' })
        },
      }
    },
    emit: (event: Parameters<CallEngineContext['onEvent']>[0]) => engine.contexts.at(-1)?.onEvent(event),
  }
  voiceCall.configure({ ...fakeCallDependencies(), loadCallEngine: vi.fn(async () => engine.create) })
  return engine
}

const startButton = () => screen.findByRole('button', { name: voiceStrings.startCall })
const settingsButton = () => screen.findByRole('button', { name: callsStrings.settings })

async function startConnectedCall(engine: ReturnType<typeof fakeDeviceEngine>) {
  fireEvent.click(await startButton())
  await waitFor(() => expect(engine.contexts.length).toBeGreaterThan(0))
  act(() => engine.emit({ type: 'connected' }))
  await screen.findByRole('button', { name: voiceStrings.endCall })
}

beforeEach(() => giveElementsALayout())

afterEach(() => {
  vi.restoreAllMocks()
  voiceCall.leave()
  voiceCall.reset()
  closeDialog()
  cleanup()
  vi.unstubAllGlobals()
  Object.defineProperty(navigator, 'mediaDevices', { configurable: true, value: undefined })
})

describe('voice call settings (spec 2 §2)', () => {
  it('lists the microphones and speakers, switches them live and remembers them for the next call', async () => {
    supportCalls({ sinks: true })
    const engine = fakeDeviceEngine()
    const { platform } = await renderApp('/lena-hart/call', { fetch: fakeVoiceApi([lenaHart()]).fetch })
    await startConnectedCall(engine)
    expect(engine.contexts[0]?.devices).toEqual({})

    const button = await settingsButton()
    expect(button.getAttribute('aria-expanded')).toBe('false')
    fireEvent.click(button)
    expect(button.getAttribute('aria-expanded')).toBe('true')
    const microphone = await screen.findByRole('combobox', { name: callsStrings.microphone })
    // Keyboard users land in the panel.
    await waitFor(() => expect(document.activeElement).toBe(microphone))
    const options = (select: HTMLElement) => [...select.querySelectorAll('option')].map((o) => o.textContent)
    expect(options(microphone)).toEqual(['Desk microphone', 'Headset microphone'])
    const speaker = screen.getByRole('combobox', { name: callsStrings.speaker })
    expect(options(speaker)).toEqual(['Speakers', 'Headset'])

    fireEvent.change(microphone, { target: { value: 'mic-headset' } })
    fireEvent.change(speaker, { target: { value: 'out-headset' } })
    await waitFor(() => expect(engine.microphones).toEqual(['mic-headset']))
    expect(engine.speakers).toEqual(['out-headset'])
    await waitFor(async () =>
      expect(await platform.storage.get(storageKeys.callDevices)).toEqual({
        microphone: 'mic-headset',
        speaker: 'out-headset',
      }),
    )

    // Escape closes the panel and gives focus back to the button.
    fireEvent.keyDown(microphone, { key: 'Escape' })
    expect(screen.queryByRole('combobox', { name: callsStrings.microphone })).toBeNull()
    expect(document.activeElement).toBe(button)

    // The next call opens with the remembered devices, and the panel shows them chosen.
    fireEvent.click(screen.getByRole('button', { name: voiceStrings.endCall }))
    fireEvent.click(await screen.findByRole('button', { name: voiceStrings.call }))
    await waitFor(() => expect(engine.contexts).toHaveLength(2))
    expect(engine.contexts[1]?.devices).toEqual({ microphone: 'mic-headset', speaker: 'out-headset' })
    act(() => engine.emit({ type: 'connected' }))
    fireEvent.click(await settingsButton())
    const again = await screen.findByRole('combobox', { name: callsStrings.microphone })
    expect((again as HTMLSelectElement).value).toBe('mic-headset')
  })

  it('offers no speaker choice where the browser cannot route sound (no setSinkId)', async () => {
    supportCalls({ sinks: false })
    const engine = fakeDeviceEngine()
    await renderApp('/lena-hart/call', { fetch: fakeVoiceApi([lenaHart()]).fetch })
    await startConnectedCall(engine)
    fireEvent.click(await settingsButton())
    await screen.findByRole('combobox', { name: callsStrings.microphone })
    expect(screen.queryByRole('combobox', { name: callsStrings.speaker })).toBeNull()
  })
})

describe('manual playback (spec 2 §2 status overlays)', () => {
  it('shows a button when the browser holds the audio, and the click resumes it', async () => {
    supportCalls({ sinks: false })
    const engine = fakeDeviceEngine()
    await renderApp('/lena-hart/call', { fetch: fakeVoiceApi([lenaHart()]).fetch })
    await startConnectedCall(engine)
    expect(screen.queryByRole('button', { name: callsStrings.startAudio })).toBeNull()

    act(() => engine.emit({ type: 'playback-blocked' }))
    const play = await screen.findByRole('button', { name: callsStrings.startAudio })
    expect(screen.getByRole('alert').textContent).toContain(callsStrings.playbackBlocked)
    // spec 2 §2 'Live badge': not shown while manual playback is.
    expect(screen.queryByText(voiceStrings.live, { ignore: '.visually-hidden' })).toBeNull()
    await waitFor(() => expect(document.activeElement).toBe(play))

    fireEvent.click(play)
    await waitFor(() => expect(screen.queryByRole('button', { name: callsStrings.startAudio })).toBeNull())
    expect(engine.resumed).toBe(1)
    expect(await screen.findByText(voiceStrings.live, { ignore: '.visually-hidden' })).toBeTruthy()
  })
})
