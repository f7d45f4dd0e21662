// @vitest-environment happy-dom
import { cleanup, fireEvent, screen } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { actionCentre } from '../../../../../renderer/src/features/actions/action-centre.store'
import { TalkHeader } from '../../../../../renderer/src/features/talk'
import { closeDialog, dialogs } from '../../../../../renderer/src/navigation/dialogs.store'
import { renderAtRoute } from '../../support/route-harness'

afterEach(() => {
  cleanup()
  closeDialog()
  vi.unstubAllGlobals()
})

const header = (actions: boolean) => () => (
  <TalkHeader
    slug="lena-hart"
    instanceSlug={null}
    name="Lena Hart"
    imageUrl={undefined}
    verified
    subtitle={null}
    actions={actions}
  />
)
const noApi = (async () => new Response('{}', { status: 404 })) as typeof fetch
const me = { user: null, relationships: [] }

describe('the talk header’s action centre button (spec 1 §2 actions=menu)', () => {
  it('opens the action centre’s menu, by its accessible name', async () => {
    actionCentre.home = 'bookmark'
    await renderAtRoute(header(true), { url: '/lena-hart/talk', me, fetch: noApi })
    fireEvent.click(screen.getByRole('button', { name: 'More actions' }))
    expect(dialogs.open).toEqual({ kind: 'actionCentre' })
    expect(actionCentre.home).toBe('menu')
  })

  it('is absent where there is no action centre (a shared view)', async () => {
    await renderAtRoute(header(false), { url: '/lena-hart/talk', me, fetch: noApi })
    expect(screen.queryByRole('button', { name: 'More actions' })).toBeNull()
    expect(screen.getByRole('button', { name: 'History' })).toBeTruthy()
  })
})
