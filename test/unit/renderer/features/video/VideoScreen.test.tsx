// @vitest-environment happy-dom
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { ApiError } from '../../../../../renderer/src/api/client'
import { callsStrings } from '../../../../../renderer/src/features/calls/calls.strings'
import { videoStrings } from '../../../../../renderer/src/features/video/video.strings'
import { videoCall } from '../../../../../renderer/src/features/video/video-call'
import { VideoCallStatus } from '../../../../../renderer/src/features/video/video-call.machine'
import { closeDialog, dialogs } from '../../../../../renderer/src/navigation/dialogs.store'
import { CameraError } from '../../../../../renderer/src/platform/camera'
import { storageKeys } from '../../../../../renderer/src/platform/storage-keys'
import { lenaHart } from '../../support/clones'
import { giveElementsALayout } from '../../support/layout'
import { renderApp } from '../../support/render-app'
import { fakeVideoDependencies, fakeVideoEngine, VIDEO_CONVERSATION_ID } from './fake-video'
import { fakeVideoApi, videoUsage } from './fake-video-api'

function fakeCall() {
  const engine = fakeVideoEngine()
  const { deps, camera } = fakeVideoDependencies(engine)
  videoCall.configure(deps)
  return { engine, deps, camera }
}

/** Text on the screen itself, not the screen-reader announcement repeating it. */
const onScreen = (text: string) => screen.findByText(text, { ignore: '.visually-hidden, script, style' })
const startButton = () => screen.findByRole('button', { name: videoStrings.startCall })
const status = () => videoCall.state.machine.status

beforeEach(() => {
  giveElementsALayout()
})

afterEach(() => {
  videoCall.leave()
  videoCall.reset()
  closeDialog()
  cleanup()
  vi.restoreAllMocks()
})

describe('video screen (spec 2 §2, §4)', () => {
  it('shows the start overlay with up to 3 suggested questions and a back arrow', async () => {
    fakeCall()
    await renderApp('/lena-hart/video', { fetch: fakeVideoApi([lenaHart()]).fetch })
    expect(await startButton()).toBeTruthy()
    expect(screen.getByText(videoStrings.inspiration)).toBeTruthy()
    expect(screen.getByRole('button', { name: 'How much sleep do I need?' })).toBeTruthy()
    expect(screen.getByRole('button', { name: 'What should I do before bed?' })).toBeTruthy()
    expect(screen.queryByRole('button', { name: 'Is coffee bad for sleep?' })).toBeNull()
    expect(screen.getByRole('link', { name: videoStrings.back }).getAttribute('href')).toBe('/lena-hart')
  })

  it('goes STARTING -> Starting Video -> ACTIVE -> ENDED with the spec’s texts', async () => {
    const { engine, deps } = fakeCall()
    await renderApp('/lena-hart/video', { fetch: fakeVideoApi([lenaHart()]).fetch })
    fireEvent.click(await startButton())
    expect(await onScreen(videoStrings.connecting)).toBeTruthy()
    // spec 2 §2: no back arrow while STARTING; the mic toggle shows, disabled until the user has spoken.
    expect(screen.queryByRole('link', { name: videoStrings.back })).toBeNull()
    const mic = await screen.findByRole('button', { name: videoStrings.micLocked })
    expect(mic.hasAttribute('disabled')).toBe(true)
    await waitFor(() => expect(engine.started).toBe(1))
    expect(engine.stage?.replica).toBe(screen.getByTestId('video-replica'))
    act(() => engine.emit({ type: 'joined' }))
    expect(await onScreen(videoStrings.startingVideo)).toBeTruthy()
    expect(screen.getByText(videoStrings.live)).toBeTruthy()
    act(() => engine.emit({ type: 'replica-joined', bootMs: 900 }))
    await waitFor(() => expect(screen.queryByText(videoStrings.startingVideo)).toBeNull())
    act(() => {
      engine.emit({ type: 'replica-level', level: 0.5 })
      engine.emit({ type: 'user-speech-start' })
    })
    const enabled = await screen.findByRole('button', { name: videoStrings.mute })
    expect(enabled.hasAttribute('disabled')).toBe(false)
    fireEvent.click(screen.getByRole('button', { name: videoStrings.endCall }))
    expect(await onScreen(videoStrings.callEnded)).toBeTruthy()
    expect(screen.getByRole('button', { name: videoStrings.callAgain })).toBeTruthy()
    expect(screen.getByRole('link', { name: videoStrings.chat }).getAttribute('href')).toBe('/lena-hart/talk')
    expect(screen.getByRole('link', { name: videoStrings.back })).toBeTruthy()
    await waitFor(() => expect(deps.shareConversation).toHaveBeenCalledWith(VIDEO_CONVERSATION_ID))
  })

  it('starts with a picked suggested question', async () => {
    const { deps } = fakeCall()
    await renderApp('/lena-hart/video', { fetch: fakeVideoApi([lenaHart()]).fetch })
    fireEvent.click(await screen.findByRole('button', { name: 'Are naps good for me?' }))
    await waitFor(() =>
      expect(deps.startVideoCall).toHaveBeenCalledWith(
        expect.objectContaining({ slug: 'lena-hart', question: 'Are naps good for me?' }),
        expect.any(AbortSignal),
      ),
    )
  })

  it('shows the waiting room while rate limited', async () => {
    const { deps } = fakeCall()
    deps.startVideoCall.mockRejectedValue(new ApiError(429, 'rate_limited', 'Rate limited'))
    await renderApp('/lena-hart/video', { fetch: fakeVideoApi([lenaHart()]).fetch })
    fireEvent.click(await startButton())
    expect(await screen.findByRole('heading', { name: videoStrings.queueTitle })).toBeTruthy()
    expect(screen.getByText(videoStrings.queueHighDemand)).toBeTruthy()
    expect(screen.getByText(videoStrings.waiting)).toBeTruthy()
  })

  it('shows the failure overlay and tries again', async () => {
    const { deps, engine } = fakeCall()
    deps.loadVideoEngine.mockRejectedValueOnce(new Error('no chunk'))
    await renderApp('/lena-hart/video', { fetch: fakeVideoApi([lenaHart()]).fetch })
    fireEvent.click(await startButton())
    expect(await screen.findByRole('heading', { name: videoStrings.somethingWentWrong })).toBeTruthy()
    expect(screen.getByText(videoStrings.tryLater)).toBeTruthy()
    fireEvent.click(screen.getByRole('button', { name: videoStrings.tryAgain }))
    await waitFor(() => expect(engine.started).toBe(1))
    expect(status()).toBe(VideoCallStatus.STARTING)
  })

  it('shows a denied camera’s text and keeps the call going', async () => {
    const { deps, engine } = fakeCall()
    deps.openCamera.mockRejectedValue(new CameraError('not-found'))
    await renderApp('/lena-hart/video', { fetch: fakeVideoApi([lenaHart()]).fetch })
    fireEvent.click(await startButton())
    expect(await onScreen(videoStrings.noCameras)).toBeTruthy()
    await waitFor(() => expect(engine.started).toBe(1))
    act(() => engine.emit({ type: 'joined' }))
    expect(status()).toBe(VideoCallStatus.ACTIVE)
  })

  it("a recording that fails during the call fails it: the failure screen (spec 2 §4 'recording-only-failure')", async () => {
    const { engine } = fakeCall()
    await renderApp('/lena-hart/video', { fetch: fakeVideoApi([lenaHart()]).fetch })
    fireEvent.click(await startButton())
    await waitFor(() => expect(engine.started).toBe(1))
    act(() => engine.emit({ type: 'joined' }))
    act(() => engine.emit({ type: 'recording', status: 'Failed' }))
    expect(status()).toBe(VideoCallStatus.FAILED)
    expect(await screen.findByRole('heading', { name: videoStrings.recordingUnavailable })).toBeTruthy()
    expect(screen.getByRole('button', { name: videoStrings.tryAgain })).toBeTruthy()
  })

  it('opens the paywall instead of a call when the video quota is used up (spec 2 §4)', async () => {
    const { deps } = fakeCall()
    const api = fakeVideoApi([lenaHart()], { signedIn: true, usage: videoUsage({ quota: 600, used: 600 }) })
    await renderApp('/lena-hart/video', { fetch: api.fetch })
    await waitFor(() => expect(dialogs.open?.kind).toBe('paywall'))
    expect(await screen.findByText(videoStrings.quotaExhausted)).toBeTruthy()
    expect(deps.startVideoCall).not.toHaveBeenCalled()
  })

  it("settings: the calls' device panel lists microphones and cameras; the microphone is remembered for the next call", async () => {
    Object.defineProperty(navigator, 'mediaDevices', {
      configurable: true,
      value: {
        enumerateDevices: async () => [
          { kind: 'audioinput', deviceId: 'mic-desk', label: 'Desk microphone', groupId: 'a' },
          { kind: 'audioinput', deviceId: 'mic-headset', label: 'Headset microphone', groupId: 'b' },
          { kind: 'videoinput', deviceId: 'cam-1', label: 'Webcam', groupId: 'c' },
        ],
      },
    })
    const { engine } = fakeCall()
    const { platform } = await renderApp('/lena-hart/video', { fetch: fakeVideoApi([lenaHart()]).fetch })
    fireEvent.click(await startButton())
    await waitFor(() => expect(engine.started).toBe(1))
    expect(engine.microphones).toEqual([])
    act(() => engine.emit({ type: 'joined' }))
    fireEvent.click(await screen.findByRole('button', { name: callsStrings.settings }))
    const microphone = await screen.findByRole('combobox', { name: callsStrings.microphone })
    expect(screen.getByRole('combobox', { name: videoStrings.cameras }).textContent).toBe('Webcam')
    fireEvent.change(microphone, { target: { value: 'mic-headset' } })
    await waitFor(() => expect(engine.microphones).toEqual(['mic-headset']))
    await waitFor(async () =>
      expect(await platform.storage.get(storageKeys.callDevices)).toEqual({ microphone: 'mic-headset' }),
    )
    fireEvent.click(screen.getByRole('button', { name: videoStrings.endCall }))
    fireEvent.click(await screen.findByRole('button', { name: videoStrings.callAgain }))
    await waitFor(() => expect(engine.started).toBe(2))
    await waitFor(() => expect(engine.microphones).toEqual(['mic-headset', 'mic-headset']))
    Object.defineProperty(navigator, 'mediaDevices', { configurable: true, value: undefined })
  })

  it('manual playback: a held replica voice shows Play audio over the stage, and the click resumes it (spec 2 §2)', async () => {
    const { engine } = fakeCall()
    const resumePlayback = vi.fn(async () => engine.emit({ type: 'playback-resumed' }))
    const create = engine.create
    videoCall.configure({
      loadVideoEngine: vi.fn(async () => (context: Parameters<typeof create>[0]) => ({
        ...create(context),
        resumePlayback,
      })),
    })
    await renderApp('/lena-hart/video', { fetch: fakeVideoApi([lenaHart()]).fetch })
    fireEvent.click(await startButton())
    await waitFor(() => expect(engine.started).toBe(1))
    act(() => {
      engine.emit({ type: 'joined' })
      engine.emit({ type: 'replica-joined', bootMs: 900 })
    })
    expect(screen.queryByRole('button', { name: callsStrings.startAudio })).toBeNull()
    act(() => engine.emit({ type: 'playback-blocked' }))
    const play = await screen.findByRole('button', { name: callsStrings.startAudio })
    await waitFor(() => expect(document.activeElement).toBe(play))
    fireEvent.click(play)
    expect(resumePlayback).toHaveBeenCalledOnce()
    await waitFor(() => expect(screen.queryByRole('button', { name: callsStrings.startAudio })).toBeNull())
  })

  it('shows the staff debug panel only to staff', async () => {
    const { engine } = fakeCall()
    await renderApp('/lena-hart/video', { fetch: fakeVideoApi([lenaHart()], { staff: true }).fetch })
    expect(await screen.findByRole('complementary', { name: videoStrings.debugTitle })).toBeTruthy()
    fireEvent.click(await startButton())
    await waitFor(() => expect(engine.started).toBe(1))
    expect(await screen.findByText(VIDEO_CONVERSATION_ID)).toBeTruthy()
  })

  it('hides the debug panel from other visitors', async () => {
    fakeCall()
    await renderApp('/lena-hart/video', { fetch: fakeVideoApi([lenaHart()]).fetch })
    await startButton()
    expect(screen.queryByRole('complementary', { name: videoStrings.debugTitle })).toBeNull()
  })
})
