// @vitest-environment happy-dom
import { Theme } from '@radix-ui/themes'
import { QueryClientProvider } from '@tanstack/react-query'
import {
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
  Outlet,
  RouterProvider,
} from '@tanstack/react-router'
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { DesktopCallState, DesktopEvent } from '../../../../../contract/desktop'
import { cloneQuery } from '../../../../../renderer/src/api/clones'
import { createQueryClient } from '../../../../../renderer/src/app/query-client'
import { CompactCallView } from '../../../../../renderer/src/features/desktop-call/CompactCallView'
import { CompactWindowButton } from '../../../../../renderer/src/features/desktop-call/CompactWindowButton'
import { DesktopCallHost } from '../../../../../renderer/src/features/desktop-call/DesktopCallHost'
import { desktopCallStrings as t } from '../../../../../renderer/src/features/desktop-call/desktop-call.strings'
import {
  callRouteOf,
  formatElapsed,
  videoLiveCall,
  voiceLiveCall,
} from '../../../../../renderer/src/features/desktop-call/live-call'
import { voiceCall } from '../../../../../renderer/src/features/voice/voice-call'
import {
  type Platform,
  type PlatformCallWindow,
  PlatformProvider,
  setPlatform,
} from '../../../../../renderer/src/platform'
import { createMemoryStorage, createWebPlatform } from '../../../../../renderer/src/platform/web'
import { eventually } from '../../../../support/eventually'
import { lenaHart } from '../../support/clones'

afterEach(() => {
  cleanup()
  vi.restoreAllMocks()
})

const web = () => createWebPlatform(createMemoryStorage())

function fakeCallWindow() {
  const listeners = new Set<(event: DesktopEvent) => void>()
  const callWindow = {
    publish: vi.fn(async (_call: DesktopCallState | null) => undefined),
    setMode: vi.fn(async (mode: 'normal' | 'compact') => mode),
    onEvent: (listener: (event: DesktopEvent) => void) => {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
  } satisfies PlatformCallWindow
  const emit = (event: DesktopEvent) =>
    act(() => {
      for (const listener of listeners) listener(event)
    })
  return { callWindow, emit }
}

const desktop = (callWindow: PlatformCallWindow): Platform => ({ ...web(), kind: 'desktop', callWindow })

const renderWith = (platform: Platform, node: React.ReactNode) =>
  render(
    <Theme>
      <PlatformProvider platform={platform}>{node}</PlatformProvider>
    </Theme>,
  )

describe('the call under way, as the desktop shell sees it', () => {
  it('is a voice call while connecting or active, a video call from waiting to active', () => {
    expect(voiceLiveCall({ machine: { status: 'IDLE', muted: false }, elapsedSeconds: 0 })).toBeNull()
    expect(voiceLiveCall({ machine: { status: 'ENDED', muted: false }, elapsedSeconds: 9 })).toBeNull()
    expect(voiceLiveCall({ machine: { status: 'ACTIVE', muted: true }, elapsedSeconds: 75.6 })).toEqual({
      kind: 'voice',
      status: 'active',
      elapsedSeconds: 75,
      muted: true,
      canMute: true,
    })
    const video = (status: string, userHasSpoken = false) =>
      videoLiveCall({ machine: { status, muted: true, userHasSpoken }, elapsedSeconds: 3 })
    expect(video('INACTIVE')).toBeNull()
    expect(video('WAITING')).toMatchObject({ status: 'connecting', canMute: false })
    expect(video('STARTING', true)).toMatchObject({ status: 'connecting', canMute: true })
    expect(video('ACTIVE')).toMatchObject({ kind: 'video', status: 'active', canMute: false })
    expect(video('FAILED', true)).toBeNull()
  })

  it('knows the call screens among the routes', () => {
    expect(callRouteOf({ routeId: '/$slug/call', params: { slug: 'lena-hart' } })).toEqual({
      kind: 'voice',
      slug: 'lena-hart',
      instanceSlug: undefined,
    })
    expect(
      callRouteOf({ routeId: '/$slug/$instanceSlug/video', params: { slug: 'a', instanceSlug: 'b' } }),
    ).toEqual({ kind: 'video', slug: 'a', instanceSlug: 'b' })
    expect(callRouteOf({ routeId: '/$slug/talk', params: { slug: 'lena-hart' } })).toBeNull()
    expect(callRouteOf({ routeId: '/$slug/call/transcript', params: { slug: 'lena-hart' } })).toBeNull()
    expect(formatElapsed(3725)).toBe('1:02:05')
  })
})

describe('the compact call window', () => {
  const live = { kind: 'voice', status: 'active', elapsedSeconds: 75, muted: false, canMute: true } as const

  it('shows the portrait, name, timer, mute and hang-up, and the way back', () => {
    const actions = { onToggleMute: vi.fn(), onHangUp: vi.fn(), onExpand: vi.fn() }
    renderWith(web(), <CompactCallView call={live} name="Lena Hart" imageUrl={undefined} {...actions} />)
    expect(screen.getByRole('region', { name: t.callWith('Lena Hart') })).toBeTruthy()
    expect(screen.getByText('Lena Hart')).toBeTruthy()
    expect(screen.getByRole('timer', { name: t.callTimer }).textContent).toBe('1:15')
    fireEvent.click(screen.getByRole('button', { name: t.mute }))
    fireEvent.click(screen.getByRole('button', { name: t.hangUp }))
    fireEvent.click(screen.getByRole('button', { name: t.fullWindow }))
    expect(actions.onToggleMute).toHaveBeenCalledTimes(1)
    expect(actions.onHangUp).toHaveBeenCalledTimes(1)
    expect(actions.onExpand).toHaveBeenCalledTimes(1)
  })

  it('keeps keyboard and screen readers in the compact window while the call screen runs underneath', () => {
    const actions = { onToggleMute: vi.fn(), onHangUp: vi.fn(), onExpand: vi.fn() }
    const view = renderWith(
      web(),
      <>
        <main id="main">
          <button type="button">Call screen</button>
        </main>
        <CompactCallView call={live} name="Lena Hart" imageUrl={undefined} {...actions} />
      </>,
    )
    const page = document.getElementById('main')!
    expect(page.inert).toBe(true)
    expect(document.activeElement?.getAttribute('aria-label')).toBe(t.fullWindow)
    view.rerender(
      <Theme>
        <PlatformProvider platform={web()}>
          <main id="main">
            <button type="button">Call screen</button>
          </main>
        </PlatformProvider>
      </Theme>,
    )
    expect(document.getElementById('main')!.inert).toBe(false)
  })

  it('says when it is muted or still connecting, and when the mic cannot be toggled yet', () => {
    renderWith(
      web(),
      <CompactCallView
        call={{ ...live, kind: 'video', status: 'connecting', muted: true, canMute: false }}
        name="Lena Hart"
        imageUrl={undefined}
        onToggleMute={vi.fn()}
        onHangUp={vi.fn()}
        onExpand={vi.fn()}
      />,
    )
    expect(screen.getByRole('status').textContent).toBe(t.connecting)
    expect(screen.queryByRole('timer')).toBeNull()
    expect(screen.getByText(t.muted)).toBeTruthy()
    const unmute = screen.getByRole('button', { name: t.unmute })
    expect(unmute.getAttribute('aria-pressed')).toBe('true')
    expect(unmute.hasAttribute('disabled')).toBe(true)
  })

  it('offers the compact window only in the desktop shell', () => {
    renderWith(web(), <CompactWindowButton />)
    expect(screen.queryByRole('button', { name: t.compactWindow })).toBeNull()
    cleanup()

    const { callWindow } = fakeCallWindow()
    renderWith(desktop(callWindow), <CompactWindowButton />)
    fireEvent.click(screen.getByRole('button', { name: t.compactWindow }))
    expect(callWindow.setMode).toHaveBeenCalledWith('compact')
  })

  it('is not mounted on the web: the host renders nothing without a call window', () => {
    const { container } = renderWith(web(), <DesktopCallHost />)
    expect(container.querySelector('.desktop-call-compact, .desktop-call-compact-button')).toBeNull()
  })
})

async function renderHost(url: string, platform: Platform) {
  setPlatform(platform)
  const queryClient = createQueryClient()
  queryClient.setQueryData(cloneQuery('lena-hart').queryKey, lenaHart())
  const root = createRootRoute({
    component: () => (
      <>
        <Outlet />
        <DesktopCallHost />
      </>
    ),
  })
  const page = (path: string) =>
    createRoute({ getParentRoute: () => root, path, component: () => <p>{path}</p> })
  const router = createRouter({
    routeTree: root.addChildren([page('/$slug'), page('/$slug/call'), page('/$slug/video')]),
    history: createMemoryHistory({ initialEntries: [url] }),
  })
  await act(async () => {
    render(
      <Theme>
        <PlatformProvider platform={platform}>
          <QueryClientProvider client={queryClient}>
            {/* biome-ignore lint/suspicious/noExplicitAny: a test router, not the app's registered one. */}
            <RouterProvider router={router as any} />
          </QueryClientProvider>
        </PlatformProvider>
      </Theme>,
    )
  })
  await act(() => router.load())
  return router
}

describe('the desktop call host', () => {
  it('publishes the call, follows the window mode, and carries out mute and hang-up from main', async () => {
    const { callWindow, emit } = fakeCallWindow()
    await renderHost('/lena-hart/call', desktop(callWindow))
    act(() => {
      voiceCall.state.machine = { ...voiceCall.state.machine, status: 'ACTIVE' }
      voiceCall.state.elapsedSeconds = 75
    })
    await eventually(() =>
      expect(callWindow.publish).toHaveBeenLastCalledWith(
        expect.objectContaining({
          kind: 'voice',
          status: 'active',
          elapsedSeconds: 75,
          muted: false,
          labels: expect.objectContaining({ title: t.callWith('Lena Hart'), hangUp: t.hangUp }),
        }),
      ),
    )
    fireEvent.click(await screen.findByRole('button', { name: t.compactWindow }))
    expect(callWindow.setMode).toHaveBeenCalledWith('compact')

    await emit({ type: 'window-mode', mode: 'compact' })
    expect(await screen.findByRole('region', { name: t.callWith('Lena Hart') })).toBeTruthy()
    expect(screen.getByRole('timer').textContent).toBe('1:15')

    // The tray's Mute and the global shortcut arrive as one event.
    await emit({ type: 'toggle-mute' })
    expect(voiceCall.state.machine.muted).toBe(true)
    await eventually(() =>
      expect(callWindow.publish).toHaveBeenLastCalledWith(expect.objectContaining({ muted: true })),
    )
    expect(screen.getByRole('button', { name: t.unmute })).toBeTruthy()

    // A link during the call does not navigate away from it.
    await emit({ type: 'deep-link', target: { slug: 'tomas-rivera', action: 'open' } })
    expect(screen.getByText('/$slug/call')).toBeTruthy()

    await emit({ type: 'hang-up' })
    expect(voiceCall.state.machine.status).toBe('ENDED')
    await eventually(() => expect(callWindow.publish).toHaveBeenLastCalledWith(null))
    expect(screen.queryByRole('region', { name: t.callWith('Lena Hart') })).toBeNull()
  })

  it('opens likeness:// links in the app: a profile, or a call set to dial', async () => {
    const { callWindow, emit } = fakeCallWindow()
    const router = await renderHost('/lena-hart', desktop(callWindow))
    await emit({ type: 'deep-link', target: { slug: 'tomas-rivera', action: 'video' } })
    await eventually(() => expect(router.state.location.pathname).toBe('/tomas-rivera/video'))
    expect(router.state.location.search).toEqual({ dial: true })
    await emit({ type: 'deep-link', target: { slug: 'lena-hart', action: 'open' } })
    await eventually(() => expect(router.state.location.pathname).toBe('/lena-hart'))
  })
})
