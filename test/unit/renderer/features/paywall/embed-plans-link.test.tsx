// @vitest-environment happy-dom
import { Theme } from '@radix-ui/themes'
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { EmbedPlansLink } from '../../../../../renderer/src/features/paywall/EmbedPlansLink'
import { type EmbedContext, type Platform, PlatformProvider } from '../../../../../renderer/src/platform'
import { storageKeys } from '../../../../../renderer/src/platform/storage-keys'
import { createMemoryStorage, createWebPlatform } from '../../../../../renderer/src/platform/web'

afterEach(cleanup)

const TOKEN = 'tok_abcdefghijklmnopqrstuvwxyz'

async function embeddedPlatform(token: string | null) {
  const web = createWebPlatform(createMemoryStorage())
  if (token) await web.storage.set(storageKeys.embedAuthToken, token)
  const openExternal = vi.fn(async (_url: string) => {})
  const platform: Platform = {
    ...web,
    auth: { ...web.auth, tokenKey: storageKeys.embedAuthToken },
    embed: { mainSiteOrigin: 'https://likeness.example' } as EmbedContext,
    openExternal,
  }
  return { platform, openExternal }
}

const show = (platform: Platform) =>
  render(
    <PlatformProvider platform={platform}>
      <Theme>
        <EmbedPlansLink name="Dr. Lena Hart" slug="lena-hart" instanceSlug="clinic" />
      </Theme>
    </PlatformProvider>,
  )

describe('the paywall inside an embed (spec 1 §2 /memberships/...?origin&token)', () => {
  it('opens the main site’s memberships page in a new tab with this page as origin and the embed token', async () => {
    const { platform, openExternal } = await embeddedPlatform(TOKEN)
    show(platform)
    fireEvent.click(screen.getByRole('button', { name: /See memberships/ }))
    await waitFor(() => expect(openExternal).toHaveBeenCalledTimes(1))
    const url = new URL(openExternal.mock.calls[0]![0])
    expect(url.origin + url.pathname).toBe('https://likeness.example/memberships/clinic%40lena-hart')
    expect(url.searchParams.get('token')).toBe(TOKEN)
    expect(url.searchParams.get('origin')).toBe(globalThis.location.href)
  })

  it('says so when the tab cannot be opened', async () => {
    const { platform, openExternal } = await embeddedPlatform(null)
    openExternal.mockRejectedValueOnce(new Error('blocked'))
    show(platform)
    fireEvent.click(screen.getByRole('button', { name: /See memberships/ }))
    expect(await screen.findByRole('alert')).toHaveProperty(
      'textContent',
      'The memberships page could not be opened. Please try again.',
    )
    expect(new URL(openExternal.mock.calls[0]![0]).searchParams.has('token')).toBe(false)
  })
})
