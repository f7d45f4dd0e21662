// @vitest-environment happy-dom
import { Theme } from '@radix-ui/themes'
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { publicPageUrl, ShareAside } from '../../../../../renderer/src/features/share/ShareAside'
import { shareStrings } from '../../../../../renderer/src/features/share/share.strings'
import { closeDialog, dialogs } from '../../../../../renderer/src/navigation/dialogs.store'
import { setPlatform } from '../../../../../renderer/src/platform'
import { createMemoryStorage, createWebPlatform } from '../../../../../renderer/src/platform/web'

afterEach(() => {
  cleanup()
  closeDialog()
  vi.restoreAllMocks()
})

const web = () => setPlatform(createWebPlatform(createMemoryStorage()))

describe('the share aside (spec 1 §2 Chat, large screens)', () => {
  it('shares the open conversation through the share dialog', () => {
    web()
    render(
      <Theme>
        <ShareAside
          cloneName="Lena Hart"
          profilePath="/lena-hart"
          conversationId="c0ffee00-0000-4000-8000-000000000001"
        />
      </Theme>,
    )
    const aside = screen.getByRole('complementary', { name: shareStrings.asideTitle })
    fireEvent.click(within(aside).getByRole('button', { name: shareStrings.asideShareConversation }))
    expect(dialogs.open).toEqual({ kind: 'share', conversationId: 'c0ffee00-0000-4000-8000-000000000001' })
  })

  it('waits for a conversation before offering to share one, and always shares the profile', () => {
    web()
    render(
      <Theme>
        <ShareAside cloneName="Lena Hart" profilePath="/lena-hart/clinic" conversationId={null} />
      </Theme>,
    )
    const button = screen.getByRole('button', { name: shareStrings.asideShareConversation })
    expect(button.hasAttribute('disabled')).toBe(true)
    expect(screen.getByText(shareStrings.asideNoConversation)).toBeTruthy()
    const x = new URL(screen.getByRole('link', { name: shareStrings.platform.twitter }).getAttribute('href')!)
    expect(x.searchParams.get('url')).toBe(`${window.location.origin}/lena-hart/clinic`)
  })

  it('links to the server on desktop, where the page itself is app://', () => {
    setPlatform({
      ...createWebPlatform(createMemoryStorage()),
      kind: 'desktop',
      apiBaseUrl: 'https://likeness.example',
    })
    expect(publicPageUrl('/lena-hart')).toBe('https://likeness.example/lena-hart')
  })
})
