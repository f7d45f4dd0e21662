// @vitest-environment happy-dom
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { accountStrings } from '../../../../../renderer/src/features/account/account.strings'
import { CallStatus } from '../../../../../renderer/src/features/voice/call.machine'
import { localDay } from '../../../../../renderer/src/features/voice/call-quota'
import { voiceStrings } from '../../../../../renderer/src/features/voice/voice.strings'
import { voiceCall } from '../../../../../renderer/src/features/voice/voice-call'
import { closeDialog } from '../../../../../renderer/src/navigation/dialogs.store'
import { storageKeys } from '../../../../../renderer/src/platform/storage-keys'
import { createMemoryStorage } from '../../../../../renderer/src/platform/web'
import { lenaHart } from '../../support/clones'
import { giveElementsALayout } from '../../support/layout'
import { renderApp } from '../../support/render-app'
import { CALL_CONVERSATION_ID, fakeCallDependencies, fakeEngine } from './fake-call'
import { fakeVoiceApi, voiceUsage } from './fake-voice-api'

/** A browser that can call: getUserMedia and an AudioContext (happy-dom has neither). */
function supportCalls() {
  vi.stubGlobal('AudioContext', class {})
  Object.defineProperty(navigator, 'mediaDevices', {
    configurable: true,
    value: { getUserMedia: async () => ({}) },
  })
}

function fakeCall() {
  const engine = fakeEngine()
  const deps = fakeCallDependencies(engine)
  voiceCall.configure(deps)
  return { engine, deps }
}

/** Text on the screen itself, not the screen-reader announcement repeating it. */
const onScreen = (text: string) => screen.findByText(text, { ignore: '.visually-hidden, script, style' })
const startButton = () => screen.findByRole('button', { name: voiceStrings.startCall })
const picker = () => screen.queryByRole('combobox', { name: voiceStrings.language })

beforeEach(() => {
  giveElementsALayout()
  supportCalls()
})

afterEach(() => {
  vi.restoreAllMocks()
  voiceCall.leave()
  voiceCall.reset()
  closeDialog()
  cleanup()
  vi.unstubAllGlobals()
  Object.defineProperty(navigator, 'mediaDevices', { configurable: true, value: undefined })
})

describe('call screen (spec 2 §2, §4)', () => {
  it('goes idle -> connecting -> active -> ended with the spec’s texts', async () => {
    const { engine, deps } = fakeCall()
    await renderApp('/lena-hart/call', { fetch: fakeVoiceApi([lenaHart()]).fetch })
    fireEvent.click(await startButton())
    expect(await onScreen(voiceStrings.connecting)).toBeTruthy()
    // spec 2 §2: the language picker only when neither ACTIVE nor CONNECTING; no back button in a call.
    expect(picker()).toBeNull()
    expect(screen.queryByRole('link', { name: voiceStrings.back('Lena Hart') })).toBeNull()
    await waitFor(() => expect(engine.started).toBe(1))
    expect(deps.startVoiceCall).toHaveBeenCalledWith(
      expect.objectContaining({ slug: 'lena-hart', userPreferredLanguage: 'en' }),
      expect.anything(),
    )

    act(() => engine.emit({ type: 'connected' }))
    expect(await onScreen(voiceStrings.live)).toBeTruthy()
    expect(await onScreen(voiceStrings.status.thinking)).toBeTruthy()
    expect(screen.getByLabelText(voiceStrings.callTimer).textContent).toBe('00:00')
    act(() => engine.emit({ type: 'clone-speech-start' }))
    expect(await onScreen(voiceStrings.status.speaking)).toBeTruthy()
    act(() => engine.emit({ type: 'clone-speech-end' }))
    expect(await onScreen(voiceStrings.status.listening)).toBeTruthy()

    fireEvent.click(screen.getByRole('button', { name: voiceStrings.mute }))
    expect(engine.muted).toEqual([true])
    expect(
      (await screen.findByRole('button', { name: voiceStrings.unmute })).getAttribute('aria-pressed'),
    ).toBe('true')

    fireEvent.click(screen.getByRole('button', { name: voiceStrings.endCall }))
    const heading = await screen.findByRole('heading', { name: voiceStrings.callEnded })
    await waitFor(() => expect(document.activeElement).toBe(heading))
    expect(deps.endVoiceCall).toHaveBeenCalledWith(expect.any(String), { reason: 'hang-up' })
    const transcript = screen.getByRole('link', { name: voiceStrings.viewTranscript })
    expect(transcript.getAttribute('href')).toBe(`/lena-hart/call/${CALL_CONVERSATION_ID}`)
    expect(screen.getByRole('link', { name: voiceStrings.chat }).getAttribute('href')).toBe('/lena-hart/talk')
    expect(picker()).toBeTruthy()

    // Call starts a new call from the ended screen.
    fireEvent.click(screen.getByRole('button', { name: voiceStrings.call }))
    expect(await onScreen(voiceStrings.connecting)).toBeTruthy()
  })

  it('shows the failure screen with Try Again and a Chat link', async () => {
    const { engine } = fakeCall()
    await renderApp('/lena-hart/call', { fetch: fakeVoiceApi([lenaHart()]).fetch })
    fireEvent.click(await startButton())
    await waitFor(() => expect(engine.started).toBe(1))
    act(() => engine.emit({ type: 'error', error: { kind: 'network', message: 'offline' } }))
    expect(await screen.findByRole('heading', { name: voiceStrings.somethingWentWrong })).toBeTruthy()
    expect(screen.getByRole('link', { name: voiceStrings.chat })).toBeTruthy()
    // spec 2 §2 'call ring (red tint on failure)': the clone indicator stays, its ring red.
    expect(document.querySelector('.call-indicator--failed .call-ring')).not.toBeNull()
    fireEvent.click(screen.getByRole('button', { name: voiceStrings.tryAgain }))
    expect(await onScreen(voiceStrings.connecting)).toBeTruthy()
  })

  it('a denied microphone shows the enable-access screen and its toast', async () => {
    const { engine } = fakeCall()
    await renderApp('/lena-hart/call', { fetch: fakeVoiceApi([lenaHart()]).fetch })
    fireEvent.click(await startButton())
    await waitFor(() => expect(engine.started).toBe(1))
    act(() => engine.emit({ type: 'error', error: { kind: 'microphone-denied', message: 'denied' } }))
    expect(await screen.findByRole('heading', { name: voiceStrings.enableMicrophoneTitle })).toBeTruthy()
    expect(screen.getByText(voiceStrings.enableMicrophoneText)).toBeTruthy()
    expect(screen.getByRole('button', { name: voiceStrings.tryAgain })).toBeTruthy()
    expect(await screen.findByText(voiceStrings.allowMicrophone)).toBeTruthy()
  })

  it('says plainly when nothing can transcribe', async () => {
    const { engine } = fakeCall()
    await renderApp('/lena-hart/call', { fetch: fakeVoiceApi([lenaHart()]).fetch })
    fireEvent.click(await startButton())
    await waitFor(() => expect(engine.started).toBe(1))
    act(() => engine.emit({ type: 'error', error: { kind: 'transcription-unavailable', message: 'none' } }))
    expect(await screen.findByText(voiceStrings.transcriptionUnavailable)).toBeTruthy()
  })

  it('refuses an in-app browser with no retry', async () => {
    fakeCall()
    vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue('Mozilla/5.0 [FBAN/FBIOS;FBAV/400.0]')
    await renderApp('/lena-hart/call', { fetch: fakeVoiceApi([lenaHart()]).fetch })
    fireEvent.click(await startButton())
    expect(await screen.findByRole('heading', { name: voiceStrings.unsupportedBrowser })).toBeTruthy()
    expect(screen.queryByRole('button', { name: voiceStrings.tryAgain })).toBeNull()
  })

  it('shows the minutes left, or Unlimited', async () => {
    fakeCall()
    const limited = await renderApp('/lena-hart/call', {
      fetch: fakeVoiceApi([lenaHart()], { signedIn: true, usage: voiceUsage({ remaining: 601 }) }).fetch,
    })
    expect(await screen.findByText('10 minutes')).toBeTruthy()
    limited.unmount()
    await renderApp('/lena-hart/call', {
      fetch: fakeVoiceApi([lenaHart()], { signedIn: true, usage: voiceUsage({ quota: -1 }) }).fetch,
    })
    expect(await screen.findByText(voiceStrings.unlimited)).toBeTruthy()
  })

  it('shows the remaining-credit ring beside the countdown only with a quota and email required (spec 2 §6)', async () => {
    fakeCall()
    const limited = await renderApp('/lena-hart/call', {
      fetch: fakeVoiceApi([lenaHart()], {
        signedIn: true,
        usage: voiceUsage({ quota: 1200, remaining: 601 }),
      }).fetch,
    })
    expect(await screen.findByRole('img', { name: voiceStrings.creditRing(10, 20) })).toBeTruthy()
    limited.unmount()
    const unlimited = await renderApp('/lena-hart/call', {
      fetch: fakeVoiceApi([lenaHart()], { signedIn: true, usage: voiceUsage({ quota: -1 }) }).fetch,
    })
    expect(await screen.findByText(voiceStrings.unlimited)).toBeTruthy()
    expect(screen.queryByRole('img', { name: /call time left/ })).toBeNull()
    unlimited.unmount()
    const anonymousMode = lenaHart({ options: { ...lenaHart().options, requireEmail: false } })
    await renderApp('/lena-hart/call', {
      fetch: fakeVoiceApi([anonymousMode], { signedIn: true, usage: voiceUsage({ remaining: 601 }) }).fetch,
    })
    expect(await screen.findByText('10 minutes')).toBeTruthy()
    expect(screen.queryByRole('img', { name: /call time left/ })).toBeNull()
  })

  it('hides the auth menu when the clone does not require email (spec 2 §6)', async () => {
    fakeCall()
    const required = await renderApp('/lena-hart/call', { fetch: fakeVoiceApi([lenaHart()]).fetch })
    await startButton()
    expect(await screen.findByRole('button', { name: accountStrings.logIn })).toBeTruthy()
    required.unmount()
    const anonymousMode = lenaHart({ options: { ...lenaHart().options, requireEmail: false } })
    await renderApp('/lena-hart/call', { fetch: fakeVoiceApi([anonymousMode]).fetch })
    await startButton()
    expect(await screen.findByText(voiceStrings.minutes(10))).toBeTruthy()
    expect(screen.queryByRole('button', { name: accountStrings.logIn })).toBeNull()
  })

  it('disables Start with the quota tooltip when the quota is used up', async () => {
    const { deps } = fakeCall()
    await renderApp('/lena-hart/call', {
      fetch: fakeVoiceApi([lenaHart()], { signedIn: true, usage: voiceUsage({ remaining: 0 }) }).fetch,
    })
    await waitFor(async () => expect((await startButton()).getAttribute('aria-disabled')).toBe('true'))
    fireEvent.click(await startButton())
    expect(deps.startVoiceCall).not.toHaveBeenCalled()
  })

  it('an anonymous visitor whose allowance today is used up gets the paywall, not a call (spec 2 §4, §5)', async () => {
    const { deps } = fakeCall()
    const storage = createMemoryStorage()
    const today = localDay(new Date())
    storage.setItem(
      storageKeys.remainingAnonymousCallTime('lena-hart').name,
      JSON.stringify({ seconds: 0, day: today }),
    )
    await renderApp('/lena-hart/call', { fetch: fakeVoiceApi([lenaHart()]).fetch, storage })
    // The allowance is known once the clone's anonymous minutes are (the countdown's least is 1 minute).
    expect(await screen.findByText(voiceStrings.minutes(1))).toBeTruthy()
    fireEvent.click(await startButton())
    // The paywall (signed out, it offers sign-in first) opens at once.
    expect(await screen.findByRole('dialog')).toBeTruthy()
    expect(deps.startVoiceCall).not.toHaveBeenCalled()
    expect(deps.microphonePermission).not.toHaveBeenCalled()
    expect(voiceCall.state.machine.status).toBe(CallStatus.IDLE)
  })

  it('stores the chosen language and calls in it', async () => {
    const { deps, engine } = fakeCall()
    const { platform } = await renderApp('/lena-hart/call', { fetch: fakeVoiceApi([lenaHart()]).fetch })
    await startButton()
    fireEvent.change(picker() as HTMLElement, { target: { value: 'fr' } })
    await waitFor(async () =>
      expect(await platform.storage.get(storageKeys.userPreferredLanguage)).toBe('fr'),
    )
    fireEvent.click(await startButton())
    await waitFor(() => expect(engine.started).toBe(1))
    expect(deps.startVoiceCall).toHaveBeenCalledWith(
      expect.objectContaining({ userPreferredLanguage: 'fr' }),
      expect.anything(),
    )
  })

  it("picks the browser's language when it is selectable and nothing is stored (spec 2 §2, §5)", async () => {
    vi.spyOn(navigator, 'languages', 'get').mockReturnValue(['fr-CA', 'en-US'])
    fakeCall()
    await renderApp('/lena-hart/call', { fetch: fakeVoiceApi([lenaHart()]).fetch })
    await startButton()
    // The picker's value is the call's language ('stores the chosen language and calls in it').
    expect((picker() as HTMLSelectElement).value).toBe('fr')
  })

  it('falls back to English when no browser language is selectable', async () => {
    vi.spyOn(navigator, 'languages', 'get').mockReturnValue(['tlh', 'x-klingon'])
    fakeCall()
    await renderApp('/lena-hart/call', { fetch: fakeVoiceApi([lenaHart()]).fetch })
    await startButton()
    expect((picker() as HTMLSelectElement).value).toBe('en')
  })

  it('dial=true starts the call and leaves the address', async () => {
    const { engine } = fakeCall()
    const { router } = await renderApp('/lena-hart/call?dial=true', {
      fetch: fakeVoiceApi([lenaHart()]).fetch,
    })
    // The previous test's call may still be releasing its microphone: the start waits for it in 300 ms
    // steps (spec 2 §9), which leaves little of waitFor's default 1 s on a loaded machine.
    await waitFor(() => expect(engine.started).toBe(1), { timeout: 5000 })
    await waitFor(() => expect(router.state.location.search).toEqual({}))
  })

  it('leaving the screen stops an active call', async () => {
    const { engine, deps } = fakeCall()
    const { router } = await renderApp('/lena-hart/call', { fetch: fakeVoiceApi([lenaHart()]).fetch })
    fireEvent.click(await startButton())
    await waitFor(() => expect(engine.started).toBe(1))
    act(() => engine.emit({ type: 'connected' }))
    await act(() => router.navigate({ to: '/$slug', params: { slug: 'lena-hart' } }))
    await waitFor(() =>
      expect(deps.endVoiceCall).toHaveBeenCalledWith(expect.any(String), { reason: 'left-screen' }),
    )
  })
})
