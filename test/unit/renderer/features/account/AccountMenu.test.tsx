// @vitest-environment happy-dom
import { cleanup, fireEvent, screen } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { MeResponse, RelationshipType } from '../../../../../contract/auth'
import { AccountMenu } from '../../../../../renderer/src/features/account/AccountMenu'
import { lenaHart } from '../../support/clones'
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

const openMenu = async (who: MeResponse, url = '/lena-hart') => {
  const fetch = (async () => new Response('{}', { status: 404 })) as typeof globalThis.fetch
  await renderAtRoute(() => <AccountMenu user={who.user!} />, {
    path: '/$slug',
    url,
    me: who,
    clone: lenaHart(),
    fetch,
  })
  fireEvent.keyDown(screen.getByRole('button', { name: 'Account menu for Lena Hart' }), { key: 'Enter' })
  await screen.findByRole('menu')
}

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
