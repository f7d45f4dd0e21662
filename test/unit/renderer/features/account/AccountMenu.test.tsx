// @vitest-environment happy-dom
import { cleanup, fireEvent, screen } from '@testing-library/react'
import { Profiler } from 'react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { MeResponse, RelationshipType } from '../../../../../contract/auth'
import { AccountMenu } from '../../../../../renderer/src/features/account/AccountMenu'
import type { EmbedContext } from '../../../../../renderer/src/platform'
import { lenaHart } from '../../support/clones'
import { embedPlatform, fakeEmbed } from '../../support/embed'
import { renderAtRoute } from '../../support/route-harness'

afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
})

const me = (relationships: { cloneSlug: string; type: RelationshipType }[]): MeResponse => ({
  user: {
    id: '00000000-0000-4000-8000-0000000000b1',
    name: 'Lena Hart',
    email: 'lena@likeness.test',
    imageUrl: null,
    phoneNumber: null,
    telegramUsername: null,
    language: null,
    staff: false,
    plan: null,
    whitelabeled: false,
  },
  relationships: relationships.map((r, i) => ({ id: `00000000-0000-4000-8000-0000000000c${i}`, ...r })),
})

const openMenu = async (who: MeResponse, url = '/lena-hart', embed?: Partial<EmbedContext>) => {
  const fetch = (async () => new Response('{}', { status: 404 })) as typeof globalThis.fetch
  await renderAtRoute(() => <AccountMenu user={who.user!} />, {
    path: '/$slug',
    url,
    me: who,
    clone: lenaHart(),
    fetch,
    platform: embed ? embedPlatform(fakeEmbed(embed).embed) : undefined,
  })
  fireEvent.keyDown(screen.getByRole('button', { name: 'Account menu for Lena Hart' }), { key: 'Enter' })
  await screen.findByRole('menu')
}

describe('the account menu is set up on first use (issue #27)', () => {
  it('renders its button in one commit, and the first press opens the menu', async () => {
    const commits: string[] = []
    const fetch = (async () => new Response('{}', { status: 404 })) as typeof globalThis.fetch
    const who = me([])
    await renderAtRoute(
      () => (
        <Profiler id="account-menu" onRender={(_, phase) => commits.push(phase)}>
          <AccountMenu user={who.user!} />
        </Profiler>
      ),
      { path: '/$slug', url: '/lena-hart', me: who, clone: lenaHart(), fetch },
    )
    const button = screen.getByRole('button', { name: 'Account menu for Lena Hart' })
    // A Radix menu mounted at once stores its anchor inside the first commit: a second, synchronous one.
    expect(commits).toEqual(['mount'])
    expect(button.getAttribute('aria-expanded')).toBe('false')
    fireEvent.pointerDown(button, { button: 0 })
    expect(await screen.findByRole('menuitem', { name: 'Log out' })).toBeTruthy()
  })
})

describe("the account menu's creator pages (issue #14)", () => {
  it("offers 'Leads' and 'Embeds' of the clone on screen to its creator", async () => {
    await openMenu(me([{ cloneSlug: 'lena-hart', type: 'CREATOR' }]))
    expect(screen.getByRole('menuitem', { name: 'Leads' }).getAttribute('href')).toBe(
      '/studio/lena-hart/leads',
    )
    expect(screen.getByRole('menuitem', { name: 'Embeds' }).getAttribute('href')).toBe(
      '/studio/lena-hart/embeds',
    )
  })

  it("offers a contributor their clone's pages from anywhere", async () => {
    await openMenu(me([{ cloneSlug: 'tomas-rivera', type: 'CONTRIBUTOR' }]))
    expect(screen.getByRole('menuitem', { name: 'Embeds' }).getAttribute('href')).toBe(
      '/studio/tomas-rivera/embeds',
    )
  })

  it('offers neither to someone who only talks to clones', async () => {
    await openMenu(me([{ cloneSlug: 'lena-hart', type: 'CONSUMER' }]))
    expect(screen.getByRole('menuitem', { name: 'Profile' })).toBeTruthy()
    expect(screen.queryByRole('menuitem', { name: 'Leads' })).toBeNull()
    expect(screen.queryByRole('menuitem', { name: 'Embeds' })).toBeNull()
  })

  it("offers every signed-in user their 'Studio', where they create a clone (issue #16)", async () => {
    await openMenu(me([]))
    expect(screen.getByRole('menuitem', { name: 'Studio' }).getAttribute('href')).toBe('/studio')
  })
})

describe('the account menu in an embed (spec 1 §2, §6)', () => {
  const creator = me([{ cloneSlug: 'lena-hart', type: 'CREATOR' }])
  const productPages = ['Profile', 'Billing', 'Actions', 'Studio', 'Leads', 'Embeds', 'Announcements']

  it("opens every product page on the main site in a new tab, with the clone it came from, and offers 'Give feedback'", async () => {
    await openMenu(creator, '/lena-hart', {})
    for (const name of productPages) {
      const item = screen.getByRole('menuitem', { name: new RegExp(`^${name}`) })
      expect(item.getAttribute('target')).toBe('_blank')
      const href = new URL(item.getAttribute('href') ?? '')
      expect(href.origin).toBe('http://localhost')
      expect(href.searchParams.get('representing')).toBe('lena-hart')
    }
    expect(
      new URL(screen.getByRole('menuitem', { name: /^Studio/ }).getAttribute('href') ?? '').pathname,
    ).toBe('/studio')
    expect(
      new URL(screen.getByRole('menuitem', { name: /^Announcements/ }).getAttribute('href') ?? '').pathname,
    ).toBe('/studio/lena-hart/announcements')
    expect(screen.getByRole('menuitem', { name: 'Give feedback' })).toBeTruthy()
  })

  it("offers no product page and no 'Give feedback' when white-labelled; Log out stays", async () => {
    await openMenu(creator, '/lena-hart', { whitelabel: true })
    for (const name of productPages) {
      expect(screen.queryByRole('menuitem', { name: new RegExp(`^${name}`) })).toBeNull()
    }
    expect(screen.queryByRole('menuitem', { name: 'Give feedback' })).toBeNull()
    expect(screen.getByRole('menuitem', { name: 'Log out' })).toBeTruthy()
  })

  it("offers 'Give feedback' and the in-app pages on the site", async () => {
    await openMenu(creator)
    expect(screen.getByRole('menuitem', { name: 'Give feedback' })).toBeTruthy()
    expect(screen.getByRole('menuitem', { name: 'Studio' }).getAttribute('target')).toBeNull()
  })
})
