import type { Request } from '@playwright/test'
import { CITATION_HOVER_DELAY_MS } from '../../renderer/src/features/citations/citations.constants'
import { expect, isStreamRequest, LENA, nextStreamEnd, STREAM_PATH, type Talk, test } from './fixtures'

const COFFEE = 'How late in the day can I drink coffee without hurting my sleep?'
const FALLBACK =
  "I'm sorry, I had a problem when trying to come up with an answer. Could you try asking again?"
const CONVERSATION_URL = /\/lena-hart\/talk\/conversation\/[0-9a-f-]{36}$/

/** The streaming message's text, read every 25 ms until the reply is complete. */
async function sampleStreamingText(talk: Talk): Promise<string[]> {
  const samples: string[] = []
  await expect(talk.streaming).toBeVisible()
  await expect
    .poll(
      async () => {
        const [text] = await talk.streaming.allTextContents()
        if (text !== undefined && samples.at(-1) !== text) samples.push(text)
        return text === undefined
      },
      { intervals: [25], timeout: 30_000 },
    )
    .toBe(true)
  return samples
}

test.describe('text chat', () => {
  test('streams a cited answer token by token and lists its sources', async ({ page, talk }) => {
    // The page's clock runs as usual, and the test can move it on past the hover delay below.
    await page.clock.install()
    await talk.open()
    await expect(page).toHaveTitle(`${LENA.name} | Likeness`)
    await expect(page.getByRole('heading', { level: 2, name: LENA.name })).toBeVisible()
    await expect(page.getByRole('button', { name: COFFEE })).toBeVisible()

    await talk.send(COFFEE)
    const samples = await sampleStreamingText(talk)
    // Several intermediate states, each growing the one before.
    expect(samples.length).toBeGreaterThan(2)
    for (let i = 1; i < samples.length; i += 1) {
      expect(samples[i]!.length).toBeGreaterThan(samples[i - 1]!.length)
    }

    const answer = talk.answers
    await expect(answer).toHaveCount(1)
    await expect(answer).toContainText('caffeine')
    expect((await answer.textContent())!.length).toBeGreaterThan(samples[0]!.length)
    // The first answer of a new conversation moves to its own address.
    await expect(page).toHaveURL(CONVERSATION_URL)

    const label = answer.getByRole('button', { name: 'Source 1' }).first()
    await label.click()
    const sources = page.getByRole('dialog', { name: 'Sources' })
    await expect(sources.getByRole('button', { name: /#1/ })).toBeVisible()
    // The pointer stays on the label past its hover delay: the preview stays shut behind the overlay,
    // so Escape closes the overlay.
    await page.clock.runFor(CITATION_HOVER_DELAY_MS * 2)
    await page.keyboard.press('Escape')
    await expect(sources).toBeHidden()

    await label.click()
    await sources.getByRole('button', { name: 'All sources' }).click()
    await expect(sources.getByRole('heading', { name: 'Cited in this answer' })).toBeVisible()
    await expect(sources.getByRole('listitem').first()).toBeVisible()
    await page.keyboard.press('Escape')
    await expect(sources).toBeHidden()

    await answer.getByRole('button', { name: /^Sources/ }).click()
    await expect(page.getByRole('dialog', { name: 'Sources' })).toBeVisible()
    await expect(page).toHaveURL(/citations=/)
  })

  test('the message actions name themselves in a tooltip on hover', async ({ page, talk }) => {
    await talk.open()
    await talk.ask(COFFEE)
    const answer = talk.answers
    await answer.getByRole('button', { name: 'Copy message' }).hover()
    await expect(page.getByRole('tooltip', { name: 'Copy message' })).toBeVisible()
    await answer.getByRole('button', { name: 'Save message' }).hover()
    await expect(page.getByRole('tooltip', { name: 'Save message' })).toBeVisible()
    await expect(page.getByRole('tooltip', { name: 'Copy message' })).toHaveCount(0)
  })

  test('a message action reached with the keyboard names itself and keeps the focus', async ({
    page,
    talk,
  }) => {
    await talk.open()
    await talk.ask(COFFEE)
    const copy = talk.answers.getByRole('button', { name: 'Copy message' })
    // The keyboard reaches the action: its tooltip is set up then (ui/tooltip.tsx), and the focus stays on it.
    await copy.focus()
    await expect(copy).toBeFocused()
    await expect(page.getByRole('tooltip', { name: 'Copy message' })).toBeVisible()
  })

  test('a reopened conversation loads a citation’s text when its preview or its sources open', async ({
    page,
    talk,
  }) => {
    await talk.open()
    await talk.ask(COFFEE)
    await expect(page).toHaveURL(CONVERSATION_URL)
    const conversationId = page.url().split('/').pop()!
    const conversation = await (
      await page.request.get(`/api/clone/talk/conversations/${conversationId}`)
    ).json()
    const answer = conversation.messages.find((m: { sender: string }) => m.sender === 'CLONE')
    // The conversation carries no cited text; the message's sources do.
    expect(answer.citations[0].text).toBeUndefined()
    const sources = await (await page.request.get(`/api/clone/talk/messages/${answer.id}/sources`)).json()
    const cited: string = sources.citations.find((c: { index: number }) => c.index === 1).text
    const opening = cited.slice(0, 40)

    const sourceRequests: string[] = []
    page.on('request', (request) => {
      if (request.url().includes('/sources')) sourceRequests.push(request.url())
    })
    await page.reload()
    const label = talk.answers.getByRole('button', { name: 'Source 1' }).first()
    await expect(label).toBeVisible()
    expect(sourceRequests).toEqual([])
    await label.hover()
    await expect(page.getByText(opening)).toBeVisible()
    expect(sourceRequests).toHaveLength(1)

    await label.click()
    const dialog = page.getByRole('dialog', { name: 'Sources' })
    await expect(dialog.getByText(opening)).toBeVisible()
  })

  test('stopping mid-answer keeps the partial reply, also after a reload', async ({ page, talk }) => {
    await talk.open()
    const streamEnd = nextStreamEnd(page)
    await talk.send('What is your jet lag protocol when flying east for a race?')
    await expect(talk.streaming).toBeVisible()
    await expect.poll(async () => (await talk.streaming.textContent())?.length ?? 0).toBeGreaterThan(40)
    await page.getByRole('button', { name: 'Stop generating' }).click()

    await expect(talk.streaming).toHaveCount(0)
    await expect(page.getByRole('button', { name: 'Stop generating' })).toHaveCount(0)
    // The partial reply is stored, and the new conversation gets its address.
    await expect(page).toHaveURL(CONVERSATION_URL)
    const partial = talk.answers
    await expect(partial).toHaveCount(1)
    const partialText = (await partial.textContent())!.trim()
    expect(partialText.length).toBeGreaterThan(20)
    // Nothing more arrives after a stop: the stream is over, and the answer is what it was.
    await streamEnd
    await expect(partial).toHaveText(partialText)

    await page.reload()
    await expect(talk.answers).toHaveCount(1)
    await expect(talk.answers).toHaveText(partialText)
    await expect(talk.questions).toHaveCount(1)
  })

  test('the message query is sent exactly once, and not again after a reload', async ({ page, talk }) => {
    const sent: Request[] = []
    page.on('request', (request) => {
      if (isStreamRequest(request)) sent.push(request)
    })
    await talk.answerTo(() =>
      page.goto('/lena-hart/talk?message=Should%20athletes%20nap%2C%20and%20for%20how%20long%3F'),
    )
    await expect(talk.answers).toHaveCount(1)
    await expect(page).toHaveURL(CONVERSATION_URL)
    expect(page.url()).not.toContain('message=')
    // Any second send would have left while the query was still in the address: there is one.
    expect(sent).toHaveLength(1)
    await expect(talk.questions).toHaveCount(1)
    await expect(talk.questions).toHaveText('Should athletes nap, and for how long?')

    await page.reload()
    await expect(talk.answers).toHaveCount(1)
    await expect(talk.questions).toHaveCount(1)
    await expect(talk.streaming).toHaveCount(0)
    expect(sent).toHaveLength(1)
  })

  test('a broken stream shows the fallback reply and a toast', async ({ page, talk }) => {
    await page.route(`**${STREAM_PATH}`, (route) =>
      route.fulfill({
        status: 200,
        contentType: 'text/event-stream',
        body: 'data: {"current_token":"Let me"}\n\ndata: {"current_token": oops\n\n',
      }),
    )
    await talk.open()
    await talk.send('Is this going to break?')
    await expect(page.getByText('Failed to process message.')).toBeVisible()
    // The reply so far stays, marked interrupted, with the fallback text and a way to ask again.
    await expect(talk.answers).toContainText('Let me')
    await expect(talk.answers).toContainText(FALLBACK)
    await expect(talk.answers.getByRole('button', { name: 'Retry' })).toBeVisible()
    await expect(talk.questions).toHaveCount(1)
    await expect(page.getByRole('button', { name: 'Stop', exact: true })).toHaveCount(0)
  })

  test('a stream that breaks mid-answer keeps the question; Retry answers it, the question shown once', async ({
    page,
    talk,
  }) => {
    // The page's connection drops after a few events of its first chat stream (once per tab: not after a
    // reload), as a lost network or a server that died would leave it. The server sees the visitor leave.
    await page.addInitScript(() => {
      const realFetch = window.fetch
      window.fetch = async (input, init) => {
        const response = await realFetch(input, init)
        const url = input instanceof Request ? input.url : String(input)
        if (!url.includes('/api/clone/talk/messages/stream') || !response.body) return response
        if (sessionStorage.getItem('e2e-stream-broken')) return response
        sessionStorage.setItem('e2e-stream-broken', 'yes')
        const reader = response.body.getReader()
        const decoder = new TextDecoder()
        let events = 0
        const body = new ReadableStream<Uint8Array>({
          async pull(controller) {
            const { done, value } = await reader.read()
            if (done) return controller.close()
            controller.enqueue(value)
            events += decoder.decode(value, { stream: true }).split('\n\n').length - 1
            if (events >= 8) {
              await reader.cancel()
              controller.error(new TypeError('network error'))
            }
          },
        })
        return new Response(body, { status: response.status, headers: response.headers })
      }
    })
    await talk.open()
    await talk.send(COFFEE)
    await expect(page.getByText('Failed to process message.')).toBeVisible()
    await expect(talk.answers).toHaveCount(1)
    await expect(talk.answers.getByText('Interrupted', { exact: true })).toBeVisible()
    await expect(talk.answers).toContainText(FALLBACK)
    await expect(talk.questions).toHaveCount(1)
    // The server stored the question before the first word: the conversation has its address.
    await expect(page).toHaveURL(CONVERSATION_URL)

    // After a reload the interrupted answer comes back from the server, still interrupted, with Retry.
    await page.reload()
    await expect(talk.questions).toHaveText(COFFEE)
    await expect(talk.answers.getByText('Interrupted', { exact: true })).toBeVisible()
    await expect(talk.answers).toContainText(FALLBACK)

    // Retry from the keyboard: the question is asked again with its id, and answered in full.
    const streamEnd = nextStreamEnd(page)
    await talk.answers.getByRole('button', { name: 'Retry' }).focus()
    await page.keyboard.press('Enter')
    await streamEnd
    await expect(talk.streaming).toHaveCount(0)
    await expect(talk.answers).toHaveCount(1)
    await expect(talk.answers).toContainText('caffeine')
    await expect(talk.answers.getByText('Interrupted', { exact: true })).toHaveCount(0)
    await expect(talk.questions).toHaveCount(1)

    // Stored once, answered once.
    await page.reload()
    await expect(talk.answers).toHaveCount(1)
    await expect(talk.answers).toContainText('caffeine')
    await expect(talk.answers.getByText('Interrupted', { exact: true })).toHaveCount(0)
    await expect(talk.questions).toHaveCount(1)
    await expect(talk.questions).toHaveText(COFFEE)
  })

  test('a refused message restores the draft and says why', async ({ page, talk }) => {
    await page.route(`**${STREAM_PATH}`, (route) =>
      route.fulfill({
        status: 500,
        contentType: 'application/json',
        body: JSON.stringify({ error: { code: 'internal', message: 'Something broke' } }),
      }),
    )
    await talk.open()
    await talk.send('Please keep my words')
    await expect(page.getByText('Failed to send message: Internal Server Error (500)')).toBeVisible()
    await expect(talk.prompt).toHaveValue('Please keep my words')
    await expect(talk.questions).toHaveCount(0)
  })

  test('fits a 360 px screen without sideways scrolling', async ({ page, talk }) => {
    await page.setViewportSize({ width: 360, height: 740 })
    await talk.open()
    await expect(page.getByRole('heading', { level: 2, name: LENA.name })).toBeVisible()
    await talk.ask(COFFEE)
    await expect(talk.answers).toHaveCount(1)
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)
    expect(overflow).toBeLessThanOrEqual(0)
    // The share aside is for large screens only.
    await expect(page.getByRole('complementary', { name: 'Share' })).toBeHidden()
  })

  test('the share aside on a large screen shares the conversation once there is one', async ({
    page,
    talk,
  }) => {
    await page.setViewportSize({ width: 1440, height: 900 })
    await talk.open()
    const aside = page.getByRole('complementary', { name: 'Share' })
    await expect(aside).toBeVisible()
    await expect(aside.getByRole('button', { name: 'Share conversation' })).toBeDisabled()
    const toX = new URL((await aside.getByRole('link', { name: 'Share on X' }).getAttribute('href')) ?? '')
    expect(toX.searchParams.get('url')).toBe(new URL('/lena-hart', page.url()).href)
    await talk.ask(COFFEE)
    await expect(talk.answers).toHaveCount(1)
    await aside.getByRole('button', { name: 'Share conversation' }).click()
    const dialog = page.getByRole('dialog', { name: 'Share Conversation' })
    await expect(dialog.getByRole('textbox', { name: 'Share link' })).toHaveValue(
      /\/lena-hart\/talk\/conversation\/shared\//,
    )
  })
})
