import { expect, type Page, test } from '@playwright/test'

const COFFEE = 'How late in the day can I drink coffee without hurting my sleep?'
const FALLBACK =
  "I'm sorry, I had a problem when trying to come up with an answer. Could you try asking again?"

const prompt = (page: Page) => page.getByRole('textbox', { name: 'Message Dr. Lena Hart' })
const streaming = (page: Page) => page.getByRole('article', { name: 'Dr. Lena Hart is replying' })
const answers = (page: Page) => page.getByRole('article', { name: 'Dr. Lena Hart', exact: true })
const questions = (page: Page) => page.getByRole('article', { name: 'Your message' })

async function ask(page: Page, text: string) {
  await prompt(page).fill(text)
  await prompt(page).press('Enter')
}

/** The streaming message's text, read again and again until the reply is complete. */
async function sampleStreamingText(page: Page): Promise<string[]> {
  const samples: string[] = []
  await expect(streaming(page)).toBeVisible()
  for (;;) {
    const text = await streaming(page)
      .textContent({ timeout: 200 })
      .catch(() => null)
    if (text === null) break
    if (samples.at(-1) !== text) samples.push(text)
    await page.waitForTimeout(25)
  }
  return samples
}

test.describe('text chat', () => {
  test('streams a cited answer token by token and lists its sources', async ({ page }) => {
    await page.goto('/lena-hart/talk')
    await expect(page).toHaveTitle('Dr. Lena Hart | Likeness')
    await expect(page.getByRole('heading', { level: 2, name: 'Dr. Lena Hart' })).toBeVisible()
    await expect(page.getByRole('button', { name: COFFEE })).toBeVisible()

    await ask(page, COFFEE)
    const samples = await sampleStreamingText(page)
    // Several intermediate states, each growing the one before.
    expect(samples.length).toBeGreaterThan(2)
    for (let i = 1; i < samples.length; i += 1) {
      expect(samples[i]!.length).toBeGreaterThan(samples[i - 1]!.length)
    }

    const answer = answers(page)
    await expect(answer).toHaveCount(1)
    await expect(answer).toContainText('caffeine')
    expect((await answer.textContent())!.length).toBeGreaterThan(samples[0]!.length)
    // The first answer of a new conversation moves to its own address.
    await expect(page).toHaveURL(/\/lena-hart\/talk\/conversation\/[0-9a-f-]{36}$/)

    const label = answer.getByRole('button', { name: 'Source 1' }).first()
    await expect(label).toBeVisible()
    await label.click()
    // Linger past the 250 ms hover delay: the label's preview must not open behind the overlay.
    await page.waitForTimeout(400)
    const sources = page.getByRole('dialog', { name: 'Sources' })
    await expect(sources).toBeVisible()
    await expect(sources.getByRole('button', { name: /#1/ })).toBeVisible()
    await sources.getByRole('button', { name: 'All sources' }).click()
    await expect(sources.getByRole('heading', { name: 'Cited in this answer' })).toBeVisible()
    await expect(sources.getByRole('listitem').first()).toBeVisible()
    await page.keyboard.press('Escape')
    await expect(sources).toBeHidden()

    await answer.getByRole('button', { name: /^Sources/ }).click()
    await expect(page.getByRole('dialog', { name: 'Sources' })).toBeVisible()
    await expect(page).toHaveURL(/citations=/)
  })

  test('stopping mid-answer keeps the partial reply, also after a reload', async ({ page }) => {
    await page.goto('/lena-hart/talk')
    await ask(page, 'What is your jet lag protocol when flying east for a race?')
    await expect(streaming(page)).toBeVisible()
    await expect.poll(async () => (await streaming(page).textContent())?.length ?? 0).toBeGreaterThan(40)
    await page.getByRole('button', { name: 'Stop generating' }).click()

    await expect(streaming(page)).toHaveCount(0)
    await expect(page.getByRole('button', { name: 'Stop generating' })).toHaveCount(0)
    // The partial reply is stored, and the new conversation gets its address.
    await expect(page).toHaveURL(/\/lena-hart\/talk\/conversation\/[0-9a-f-]{36}$/)
    const partial = answers(page)
    await expect(partial).toHaveCount(1)
    const partialText = (await partial.textContent())!.trim()
    expect(partialText.length).toBeGreaterThan(20)
    // Nothing more arrives after a stop.
    await page.waitForTimeout(1500)
    expect((await partial.textContent())!.trim()).toBe(partialText)

    await page.reload()
    await expect(answers(page)).toHaveCount(1)
    await expect(answers(page)).toHaveText(partialText)
    await expect(questions(page)).toHaveCount(1)
  })

  test('the message query is sent exactly once, and not again after a reload', async ({ page }) => {
    await page.goto('/lena-hart/talk?message=Should%20athletes%20nap%2C%20and%20for%20how%20long%3F')
    await expect(answers(page)).toHaveCount(1, { timeout: 15_000 })
    await expect(page).toHaveURL(/\/lena-hart\/talk\/conversation\/[0-9a-f-]{36}$/)
    expect(page.url()).not.toContain('message=')
    await page.waitForTimeout(1000)
    await expect(questions(page)).toHaveCount(1)
    await expect(questions(page)).toHaveText('Should athletes nap, and for how long?')

    await page.reload()
    await expect(answers(page)).toHaveCount(1)
    await page.waitForTimeout(1000)
    await expect(questions(page)).toHaveCount(1)
    await expect(streaming(page)).toHaveCount(0)
  })

  test('a broken stream shows the fallback reply and a toast', async ({ page }) => {
    await page.route('**/api/clone/talk/messages/stream', (route) =>
      route.fulfill({
        status: 200,
        contentType: 'text/event-stream',
        body: 'data: {"current_token":"Let me"}\n\ndata: {"current_token": oops\n\n',
      }),
    )
    await page.goto('/lena-hart/talk')
    await ask(page, 'Is this going to break?')
    await expect(page.getByText('Failed to process message.')).toBeVisible()
    await expect(answers(page)).toHaveText(FALLBACK)
    await expect(questions(page)).toHaveCount(1)
    await expect(page.getByRole('button', { name: 'Stop', exact: true })).toHaveCount(0)
  })

  test('a refused message restores the draft and says why', async ({ page }) => {
    await page.route('**/api/clone/talk/messages/stream', (route) =>
      route.fulfill({
        status: 500,
        contentType: 'application/json',
        body: JSON.stringify({ error: { code: 'internal', message: 'Something broke' } }),
      }),
    )
    await page.goto('/lena-hart/talk')
    await ask(page, 'Please keep my words')
    await expect(page.getByText('Failed to send message: Internal Server Error (500)')).toBeVisible()
    await expect(prompt(page)).toHaveValue('Please keep my words')
    await expect(questions(page)).toHaveCount(0)
  })

  test('fits a 360 px screen without sideways scrolling', async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 740 })
    await page.goto('/lena-hart/talk')
    await expect(page.getByRole('heading', { level: 2, name: 'Dr. Lena Hart' })).toBeVisible()
    await ask(page, COFFEE)
    await expect(answers(page)).toHaveCount(1, { timeout: 15_000 })
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)
    expect(overflow).toBeLessThanOrEqual(0)
    // The share aside is for large screens only.
    await expect(page.getByRole('complementary', { name: 'Share' })).toBeHidden()
  })

  test('the share aside on a large screen shares the conversation once there is one', async ({ page }) => {
    await page.setViewportSize({ width: 1440, height: 900 })
    await page.goto('/lena-hart/talk')
    const aside = page.getByRole('complementary', { name: 'Share' })
    await expect(aside).toBeVisible()
    await expect(aside.getByRole('button', { name: 'Share conversation' })).toBeDisabled()
    const toX = new URL((await aside.getByRole('link', { name: 'Share on X' }).getAttribute('href')) ?? '')
    expect(toX.searchParams.get('url')).toBe(new URL('/lena-hart', page.url()).href)
    await ask(page, COFFEE)
    await expect(answers(page)).toHaveCount(1, { timeout: 15_000 })
    await aside.getByRole('button', { name: 'Share conversation' }).click()
    const dialog = page.getByRole('dialog', { name: 'Share Conversation' })
    await expect(dialog.getByRole('textbox', { name: 'Share link' })).toHaveValue(
      /\/lena-hart\/talk\/conversation\/shared\//,
    )
  })
})
