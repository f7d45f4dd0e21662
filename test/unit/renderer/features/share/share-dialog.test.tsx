// @vitest-environment happy-dom
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { toast } from 'sonner'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { ShareDialog } from '../../../../../renderer/src/features/share/ShareDialog'
import { shareStrings } from '../../../../../renderer/src/features/share/share.strings'
import { closeDialog } from '../../../../../renderer/src/navigation/dialogs.store'
import { CONVERSATION_ID } from '../../support/chat'
import { lenaHart } from '../../support/clones'
import { renderAtRoute } from '../../support/route-harness'

afterEach(() => {
  cleanup()
  closeDialog()
  vi.unstubAllGlobals()
  vi.restoreAllMocks()
})

const SHARED_URL = 'https://likeness.test/lena-hart/talk/conversation/shared/AbCdEfGh1234'

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } })

async function openShareDialog() {
  const fetch = async (input: RequestInfo | URL) => {
    const { pathname } = new URL(String(input), 'http://localhost')
    return pathname === `/api/clone/talk/conversations/${CONVERSATION_ID}/share`
      ? json(200, { shared: { id: 'AbCdEfGh1234', url: SHARED_URL } })
      : json(404, { error: { code: 'not_found', message: 'No' } })
  }
  await renderAtRoute(() => <ShareDialog conversationId={CONVERSATION_ID} />, {
    url: '/lena-hart/talk',
    me: { user: null, relationships: [] },
    clone: lenaHart(),
    fetch,
  })
  return screen.findByRole('dialog', { name: shareStrings.title })
}

// spec 1 §2 'Share row' (Facebook defined but not in the icon row; Instagram has no direct share), §7.
describe('the share dialog', () => {
  it('links to Facebook’s sharer with the conversation link, in a new tab, outside the icon row', async () => {
    const dialog = await openShareDialog()
    const facebook = await within(dialog).findByRole('link', { name: 'Facebook' })
    expect(facebook.getAttribute('href')).toBe(
      `https://www.facebook.com/sharer/sharer.php?u=${encodeURIComponent(SHARED_URL)}`,
    )
    expect(facebook.getAttribute('target')).toBe('_blank')
    expect(facebook.getAttribute('rel')).toContain('noopener')
    const row = dialog.querySelector('.share-row') as HTMLElement
    expect(within(row).queryByRole('link', { name: /Facebook/ })).toBeNull()
    expect(within(row).getByRole('link', { name: shareStrings.platform.linkedin })).toBeTruthy()
  })

  it('says Instagram needs a manual share instead of opening a link', async () => {
    const dialog = await openShareDialog()
    const instagram = await within(dialog).findByRole('button', { name: 'Instagram' })
    expect(within(dialog).queryByRole('link', { name: /Instagram/ })).toBeNull()
    fireEvent.click(instagram)
    const text = 'Instagram does not support direct URL sharing. Please share manually.'
    expect(await screen.findByText(text)).toBeTruthy()
    // The toast's own timers must not outlive the test's DOM: dismissed, and gone, before the file ends.
    act(() => void toast.dismiss())
    await waitFor(() => expect(screen.queryByText(text)).toBeNull())
  })
})
