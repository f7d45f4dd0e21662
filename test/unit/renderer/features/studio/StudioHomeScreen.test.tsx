// @vitest-environment happy-dom
import { cleanup, screen, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { StudioClone } from '../../../../../contract/studio-clones'
import { StudioHomeScreen } from '../../../../../renderer/src/features/studio/StudioHomeScreen'
import { renderAtRoute } from '../../support/route-harness'
import { error, fakeApi, me, signedOut } from './studio-fakes'

afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
})

const open = (who = me(null), clones: StudioClone[] | 'fail' = []) => {
  const api = fakeApi((_method, path) => {
    if (path !== '/api/studio/clones') return error(404, 'not_found', 'Not found')
    return clones === 'fail'
      ? error(500, 'internal', 'Internal server error')
      : { status: 200, body: { clones } }
  })
  return renderAtRoute(StudioHomeScreen, { path: '/studio', url: '/studio', me: who, fetch: api.fetch })
}

describe('the studio home', () => {
  it('lists the user’s clones with their visibility and role, each opening its studio', async () => {
    await open(me('CREATOR'), [
      { slug: 'ada-stone', name: 'Ada Stone', imageUrl: null, public: false, role: 'CREATOR' },
      {
        slug: 'lena-hart',
        name: 'Dr. Lena Hart',
        imageUrl: '/media/clones/lena-hart.svg',
        public: true,
        role: 'CONTRIBUTOR',
      },
    ])
    const ada = await screen.findByRole('link', { name: 'Open the studio of Ada Stone' })
    expect(ada.getAttribute('href')).toBe('/studio/ada-stone/settings')
    expect(within(ada).getByText('Private')).toBeTruthy()
    expect(within(ada).getByText('Creator')).toBeTruthy()
    const lena = screen.getByRole('link', { name: 'Open the studio of Dr. Lena Hart' })
    expect(within(lena).getByText('Public')).toBeTruthy()
    expect(within(lena).getByText('Contributor')).toBeTruthy()
    expect(screen.getByRole('link', { name: /Create a clone/ }).getAttribute('href')).toBe('/studio/new')
  })

  it('invites a user without clones to create one', async () => {
    await open()
    expect(await screen.findByRole('heading', { name: 'You have no clone yet' })).toBeTruthy()
    expect(screen.getByRole('link', { name: /Create a clone/ }).getAttribute('href')).toBe('/studio/new')
  })

  it('says when the list could not load, with a retry', async () => {
    await open(me(null), 'fail')
    expect(await screen.findByText('Could not load your clones.')).toBeTruthy()
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy()
  })

  it('asks a signed-out visitor to log in', async () => {
    await open(signedOut)
    expect(await screen.findByRole('heading', { name: 'Log in to open your studio' })).toBeTruthy()
    expect(screen.getAllByRole('button', { name: 'Log in' }).length).toBeGreaterThan(0)
  })
})
