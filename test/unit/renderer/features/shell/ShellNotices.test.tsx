// @vitest-environment happy-dom
import type { QueryClient } from '@tanstack/react-query'
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import {
  type InstallPromptEvent,
  offerInstallPrompt,
  offerIosInstructions,
  offerUpdate,
  resetShellState,
  shellState,
} from '../../../../../renderer/src/features/shell/shell.store'
import { storageKeys } from '../../../../../renderer/src/platform/storage-keys'
import { storedValueQueryKey } from '../../../../../renderer/src/platform/use-stored-value'
import { createMemoryStorage } from '../../../../../renderer/src/platform/web'
import { lenaHart } from '../../support/clones'
import { fakeCloneApi } from '../../support/fake-api'
import { queryUpdatesRendered } from '../../support/query-updates'
import { renderApp } from '../../support/render-app'

beforeEach(() => resetShellState())
afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
  vi.restoreAllMocks()
})

const api = () => fakeCloneApi([lenaHart()])

/** The offer was made, the hint read the stored dismissal, and the screen rendered what it decided. */
async function dismissalRead(queryClient: QueryClient) {
  const key = storedValueQueryKey(storageKeys.installHintDismissed)
  await waitFor(() => expect(queryClient.getQueryState(key)?.status).toBe('success'))
  await queryUpdatesRendered()
}

function fakeInstallPrompt(outcome: 'accepted' | 'dismissed') {
  const event = new Event('beforeinstallprompt') as InstallPromptEvent
  const prompt = vi.fn(async () => undefined)
  Object.assign(event, { prompt, userChoice: Promise.resolve({ outcome }) })
  return { event, prompt }
}

describe('update prompt', () => {
  it('says a new version is available; Reload applies it once', async () => {
    await renderApp('/explore', { fetch: api().fetch })
    expect(screen.queryByText('A new version is available')).toBeNull()
    const apply = vi.fn()
    act(() => offerUpdate(apply))
    expect(await screen.findByText('A new version is available')).toBeTruthy()
    fireEvent.click(screen.getByRole('button', { name: 'Reload' }))
    fireEvent.click(screen.getByRole('button', { name: /Reload/ }))
    expect(apply).toHaveBeenCalledTimes(1)
    expect(shellState.update).toBe('reloading')
  })

  it('Not now puts it aside for this page', async () => {
    await renderApp('/explore', { fetch: api().fetch })
    act(() => offerUpdate(vi.fn()))
    fireEvent.click(await screen.findByRole('button', { name: 'Not now' }))
    await waitFor(() => expect(screen.queryByText('A new version is available')).toBeNull())
  })
})

describe('install hint', () => {
  it('offers Install where the browser can install, and shows its dialog', async () => {
    await renderApp('/explore', { fetch: api().fetch })
    const { event, prompt } = fakeInstallPrompt('accepted')
    act(() => offerInstallPrompt(event))
    fireEvent.click(await screen.findByRole('button', { name: 'Install' }))
    await waitFor(() => expect(prompt).toHaveBeenCalledTimes(1))
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Install' })).toBeNull())
  })

  it('shows the iOS steps, and remembers a dismissal', async () => {
    const storage = createMemoryStorage()
    await renderApp('/lena-hart', { fetch: api().fetch, storage })
    act(() => offerIosInstructions())
    expect(await screen.findByText("Scroll to 'Add to Home Screen'")).toBeTruthy()
    expect(screen.getByText('Tap the Share icon at the bottom')).toBeTruthy()
    fireEvent.click(screen.getByRole('button', { name: 'Dismiss' }))
    await waitFor(() => expect(screen.queryByText("Scroll to 'Add to Home Screen'")).toBeNull())
    expect(storage.getItem(storageKeys.installHintDismissed.name)).toBe('true')
  })

  it('stays hidden once dismissed on an earlier visit', async () => {
    const storage = createMemoryStorage()
    storage.setItem(storageKeys.installHintDismissed.name, 'true')
    const { queryClient } = await renderApp('/explore', { fetch: api().fetch, storage })
    act(() => offerIosInstructions())
    await dismissalRead(queryClient)
    expect(screen.queryByText("Scroll to 'Add to Home Screen'")).toBeNull()
  })

  it('stays off chat and call screens', async () => {
    const { queryClient } = await renderApp('/lena-hart/call', { fetch: api().fetch })
    act(() => offerIosInstructions())
    await dismissalRead(queryClient)
    expect(screen.queryByText("Scroll to 'Add to Home Screen'")).toBeNull()
  })
})

describe('offline state', () => {
  it('shows the offline banner while offline', async () => {
    let online = false
    vi.spyOn(navigator, 'onLine', 'get').mockImplementation(() => online)
    await renderApp('/explore', { fetch: api().fetch })
    expect(screen.getByText(/You’re offline/)).toBeTruthy()
    online = true
    act(() => {
      window.dispatchEvent(new Event('online'))
    })
    await waitFor(() => expect(screen.queryByText(/You’re offline/)).toBeNull())
  })
})
