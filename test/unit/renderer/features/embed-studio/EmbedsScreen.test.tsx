// @vitest-environment happy-dom
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { MeResponse, RelationshipType } from '../../../../../contract/auth'
import type { EmbedConfig } from '../../../../../contract/embed'
import { EmbedsRoute } from '../../../../../renderer/src/features/embed-studio/EmbedsScreen'
import { closeDialog, dialogs } from '../../../../../renderer/src/navigation/dialogs.store'
import { lenaHart } from '../../support/clones'
import { renderAtRoute } from '../../support/route-harness'

afterEach(() => {
  cleanup()
  closeDialog()
  vi.unstubAllGlobals()
})

const ID = '6f1c7a52-2b7e-4c55-9d7b-5c6a5c3e9a10'
const LIST = '/api/studio/lena-hart/embeds'

const me = (type: RelationshipType | null): MeResponse => ({
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
  relationships: type ? [{ id: '00000000-0000-4000-8000-0000000000c1', cloneSlug: 'lena-hart', type }] : [],
})

const config = (overrides: Partial<EmbedConfig> = {}): EmbedConfig => ({
  id: ID,
  cloneSlug: 'lena-hart',
  name: 'Pricing bubble',
  allowedOrigins: ['https://lena.example', 'https://shop.lena.example'],
  layout: 'bubble',
  whitelabel: true,
  textLimit: 4,
  voiceLimitSeconds: 180,
  createdAt: '2025-03-01T10:00:00.000Z',
  updatedAt: '2025-03-01T10:00:00.000Z',
  ...overrides,
})

interface Answer {
  status: number
  body: unknown
}
interface Sent {
  method: string
  path: string
  body: unknown
}

/** The embeds API as a fake: the list answers `list`; writes answer `write` (or succeed) and are recorded. */
function api(list: Answer, write?: (sent: Sent) => Answer) {
  const sent: Sent[] = []
  const fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost')
    const method = init?.method ?? 'GET'
    const body = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined
    sent.push({ method, path: url.pathname, body })
    let answer: Answer = { status: 404, body: { error: { code: 'not_found', message: 'Not found' } } }
    if (url.pathname === LIST && method === 'GET') answer = list
    else if (url.pathname.startsWith(LIST)) {
      answer = write?.({ method, path: url.pathname, body }) ?? {
        status: method === 'POST' ? 201 : 200,
        body: method === 'DELETE' ? { ok: true } : config(body),
      }
    }
    return new Response(JSON.stringify(answer.body), {
      status: answer.status,
      headers: { 'Content-Type': 'application/json' },
    })
  }
  return { fetch: fetch as typeof globalThis.fetch, sent }
}

const open = async (who: MeResponse, list: Answer, write?: (sent: Sent) => Answer) => {
  const { fetch, sent } = api(list, write)
  const view = await renderAtRoute(EmbedsRoute, {
    path: '/studio/$slug/embeds',
    url: '/studio/lena-hart/embeds',
    me: who,
    clone: lenaHart(),
    fetch,
  })
  return { ...view, sent, writes: () => sent.filter((s) => s.method !== 'GET') }
}

const listOf = (...configs: EmbedConfig[]): Answer => ({ status: 200, body: { configs } })
const card = (name: string) => screen.findByRole('article', { name })
const dialog = () => screen.findByRole('dialog')

describe('the embeds page (/studio/$slug/embeds)', () => {
  it('lists each configuration with its settings, the snippet to paste and a preview of the embed page', async () => {
    await open(
      me('CREATOR'),
      listOf(
        config(),
        config({
          id: '7f1c7a52-2b7e-4c55-9d7b-5c6a5c3e9a11',
          name: 'Blog inline',
          layout: 'inline',
          whitelabel: false,
          textLimit: null,
          voiceLimitSeconds: null,
          allowedOrigins: [],
        }),
      ),
    )
    const first = within(await card('Pricing bubble'))
    expect(first.getByText('Bubble')).toBeTruthy()
    expect(first.getByText('https://lena.example')).toBeTruthy()
    expect(first.getByText('https://shop.lena.example')).toBeTruthy()
    expect(first.getByText('On')).toBeTruthy()
    expect(first.getByText('4 messages')).toBeTruthy()
    expect(first.getByText('3:00')).toBeTruthy()
    const snippet = first.getByRole('textbox', { name: 'Snippet for Pricing bubble' }) as HTMLTextAreaElement
    expect(snippet.value).toBe(
      `<script src="${window.location.origin}/embed.js" data-clone="lena-hart" data-config="${ID}" data-layout="bubble" async></script>`,
    )
    const preview = first.getByRole('link', { name: /Preview/ })
    expect(preview.getAttribute('href')).toBe(`${window.location.origin}/embed/lena-hart/${ID}`)
    expect(preview.getAttribute('target')).toBe('_blank')

    const second = within(await card('Blog inline'))
    expect(second.getByText('Inline')).toBeTruthy()
    expect(second.getByText('None yet: no site can show it')).toBeTruthy()
    expect(second.getAllByText('No limit')).toHaveLength(2)
    expect(screen.getByText('2 configurations')).toBeTruthy()
  })

  it('frames the chosen configuration as a live preview, with a choice between configurations', async () => {
    const inline = config({
      id: '7f1c7a52-2b7e-4c55-9d7b-5c6a5c3e9a11',
      name: 'Blog inline',
      layout: 'inline',
    })
    await open(me('CONTRIBUTOR'), listOf(config(), inline))
    const frame = await screen.findByTitle('Live preview of Pricing bubble')
    expect(frame.getAttribute('src')).toBe(`${window.location.origin}/embed/lena-hart/${ID}`)
    expect(frame.parentElement?.className).toContain('embed-preview__stage--bubble')
    expect(screen.getByRole('region', { name: 'Live preview' })).toBeTruthy()
    // Two configurations: a choice of which one to preview.
    expect(screen.getByRole('combobox', { name: 'Configuration' })).toBeTruthy()
  })

  it('copies the snippet, or selects it when the clipboard is denied', async () => {
    const writeText = vi.fn().mockResolvedValueOnce(undefined).mockRejectedValueOnce(new Error('denied'))
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } })
    await open(me('CREATOR'), listOf(config()))
    const first = within(await card('Pricing bubble'))
    const snippet = first.getByRole('textbox', { name: 'Snippet for Pricing bubble' }) as HTMLTextAreaElement
    fireEvent.click(first.getByRole('button', { name: 'Copy snippet' }))
    expect(await screen.findByText('Copied')).toBeTruthy()
    expect(writeText).toHaveBeenCalledWith(snippet.value)
    fireEvent.click(first.getByRole('button', { name: 'Copy snippet' }))
    await waitFor(() => expect(document.activeElement).toBe(snippet))
    expect([snippet.selectionStart, snippet.selectionEnd]).toEqual([0, snippet.value.length])
  })

  it('says so when there are none yet', async () => {
    await open(me('CREATOR'), listOf())
    expect(await screen.findByRole('heading', { name: 'No embeds yet' })).toBeTruthy()
    expect(screen.getByRole('button', { name: 'New embed' })).toBeTruthy()
  })

  it('shows a contributor the configurations without the means to change them', async () => {
    await open(me('CONTRIBUTOR'), listOf(config()))
    const first = within(await card('Pricing bubble'))
    expect(first.getByRole('button', { name: 'Copy snippet' })).toBeTruthy()
    expect(first.queryByRole('button', { name: 'Edit' })).toBeNull()
    expect(first.queryByRole('button', { name: 'Delete' })).toBeNull()
    expect(screen.queryByRole('button', { name: 'New embed' })).toBeNull()
    expect(screen.getByText('Only the creator can change these configurations.')).toBeTruthy()
  })

  it('offers a retry when the list cannot load', async () => {
    await open(me('CREATOR'), { status: 500, body: { error: { code: 'internal', message: 'x' } } })
    expect(await screen.findByText('Could not load the embeds.')).toBeTruthy()
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy()
  })

  it('is nobody else’s: no role, nothing asked; a 404 from the server looks the same', async () => {
    const { sent } = await open(me('CONSUMER'), listOf(config()))
    expect(screen.getByRole('heading', { name: 'No embeds here' })).toBeTruthy()
    expect(sent.map((s) => s.path)).not.toContain(LIST)
    cleanup()
    await open(me('CREATOR'), { status: 404, body: { error: { code: 'not_found', message: 'Not found' } } })
    expect(await screen.findByRole('heading', { name: 'No embeds here' })).toBeTruthy()
  })

  it('asks a signed-out visitor to log in', async () => {
    await open({ user: null, relationships: [] }, listOf())
    expect(screen.getByRole('heading', { name: 'Log in to manage your embeds' })).toBeTruthy()
    fireEvent.click(within(screen.getByRole('main')).getByRole('button', { name: 'Log in' }))
    expect(dialogs.open).toEqual({ kind: 'signIn' })
  })
})

describe('creating, editing and deleting an embed', () => {
  const type = (label: string, value: string) => {
    const field = within(screen.getByRole('dialog')).getByLabelText(label)
    fireEvent.change(field, { target: { value } })
    fireEvent.blur(field)
  }
  const submitButton = (name: string) => within(screen.getByRole('dialog')).getByRole('button', { name })

  it('creates one from the dialog, checking each line and limit as it is typed', async () => {
    const { writes, sent } = await open(me('CREATOR'), listOf())
    fireEvent.click(await screen.findByRole('button', { name: 'New embed' }))
    const form = within(await dialog())
    expect(form.getByRole('heading', { name: 'New embed' })).toBeTruthy()
    expect(document.activeElement).toBe(form.getByLabelText('Name'))
    expect((submitButton('Create embed') as HTMLButtonElement).disabled).toBe(true)

    type('Name', 'Site chat')
    type('Allowed sites', 'https://lena.example\nlena.example')
    const origins = form.getByLabelText('Allowed sites')
    expect(origins.getAttribute('aria-invalid')).toBe('true')
    expect(form.getByText("Line 2: 'lena.example' is not an origin such as https://example.com")).toBeTruthy()
    expect((submitButton('Create embed') as HTMLButtonElement).disabled).toBe(true)
    type('Allowed sites', 'https://lena.example\nhttps://shop.lena.example')
    type('Text limit (messages)', '0')
    expect(form.getByText('A whole number of messages from 1 to 10000, or empty.')).toBeTruthy()
    type('Text limit (messages)', '4')
    type('Voice limit (minutes)', '3')
    fireEvent.click(form.getByRole('radio', { name: 'Inline' }))
    fireEvent.click(form.getByRole('switch', { name: 'White-label' }))

    const listReads = sent.filter((s) => s.method === 'GET' && s.path === LIST).length
    fireEvent.click(submitButton('Create embed'))
    expect(await screen.findByText('Embed created')).toBeTruthy()
    expect(writes()).toEqual([
      {
        method: 'POST',
        path: LIST,
        body: {
          name: 'Site chat',
          layout: 'inline',
          allowedOrigins: ['https://lena.example', 'https://shop.lena.example'],
          whitelabel: true,
          textLimit: 4,
          voiceLimitSeconds: 180,
        },
      },
    ])
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    // The list is read again.
    await waitFor(() =>
      expect(sent.filter((s) => s.method === 'GET' && s.path === LIST).length).toBeGreaterThan(listReads),
    )
  })

  it('shows the server’s message on a failed save and keeps what was typed', async () => {
    await open(me('CREATOR'), listOf(), () => ({
      status: 400,
      body: { error: { code: 'bad_request', message: 'That origin is not allowed here' } },
    }))
    fireEvent.click(await screen.findByRole('button', { name: 'New embed' }))
    await dialog()
    type('Name', 'Site chat')
    type('Allowed sites', 'https://lena.example')
    fireEvent.click(submitButton('Create embed'))
    expect(await screen.findByText('That origin is not allowed here')).toBeTruthy()
    const form = within(screen.getByRole('dialog'))
    expect((form.getByLabelText('Name') as HTMLInputElement).value).toBe('Site chat')
    expect((form.getByLabelText('Allowed sites') as HTMLTextAreaElement).value).toBe('https://lena.example')
  })

  it('edits a configuration, sending only what changed', async () => {
    const { writes } = await open(me('CREATOR'), listOf(config()))
    fireEvent.click(within(await card('Pricing bubble')).getByRole('button', { name: 'Edit' }))
    const form = within(await dialog())
    expect(form.getByRole('heading', { name: 'Edit Pricing bubble' })).toBeTruthy()
    expect((form.getByLabelText('Voice limit (minutes)') as HTMLInputElement).value).toBe('3')
    type('Text limit (messages)', '10')
    fireEvent.click(submitButton('Save changes'))
    expect(await screen.findByText('Embed saved')).toBeTruthy()
    expect(writes()).toEqual([{ method: 'PATCH', path: `${LIST}/${ID}`, body: { textLimit: 10 } }])
  })

  it('deletes after a confirmation, and not before', async () => {
    const { writes } = await open(me('CREATOR'), listOf(config()))
    fireEvent.click(within(await card('Pricing bubble')).getByRole('button', { name: 'Delete' }))
    const confirm = within(await screen.findByRole('alertdialog', { name: 'Delete Pricing bubble?' }))
    fireEvent.click(confirm.getByRole('button', { name: 'Cancel' }))
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull())
    expect(writes()).toEqual([])

    fireEvent.click(within(await card('Pricing bubble')).getByRole('button', { name: 'Delete' }))
    await act(async () => {
      fireEvent.click(
        within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Delete embed' }),
      )
    })
    expect(await screen.findByText('Embed deleted')).toBeTruthy()
    expect(writes()).toEqual([{ method: 'DELETE', path: `${LIST}/${ID}`, body: undefined }])
  })
})
