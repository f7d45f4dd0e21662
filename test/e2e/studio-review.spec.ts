import { expect, newEmail, signInThroughApi, Talk, test } from './fixtures'

/*
 * Issue #16 'Run it': visitors chat with a clone; the creator reads their conversations in her studio,
 * opens one, sees the answer's sources and revises an answer (marked at once), on a laptop and on a phone;
 * then her analytics count the month's conversations. On a clone of the test's own (the ownClone fixture,
 * taught about sleep): the revision becomes one of its sources, and no seeded clone gets it.
 */

const ODD = `the purple kazoo relay (${crypto.randomUUID().slice(0, 8)})`

test('the creator reviews a visitor’s conversation, revises an answer, and sees it in her analytics', async ({
  page,
  browser,
  ownClone,
}, testInfo) => {
  test.slow()
  const visitorEmail = newEmail('reviewed')
  const visitorContext = await browser.newContext()
  const anonymousContext = await browser.newContext()
  try {
    const visitor = await visitorContext.newPage()
    await signInThroughApi(visitor.request, { email: visitorEmail })
    const talk = new Talk(visitor, ownClone)
    await talk.open()
    await talk.ask('How much sleep do I need?')
    await talk.ask(`What do you think of ${ODD}?`)
    await expect(talk.answers).toHaveCount(2)
    const anonymous = new Talk(await anonymousContext.newPage(), ownClone)
    await anonymous.open()
    await anonymous.ask('How should I warm up before a run?')

    await signInThroughApi(page.request, { email: ownClone.creatorEmail })
    await page.setViewportSize({ width: 1280, height: 900 })
    await page.goto(`/studio/${ownClone.slug}/conversations`)
    await expect(page.getByRole('heading', { name: 'Conversations', level: 1 })).toBeVisible()
    const list = page.getByRole('list', { name: 'Conversations' })
    const entry = list.getByRole('button').filter({ hasText: visitorEmail })
    await expect(entry).toHaveCount(1)
    await expect(entry).toContainText('4 messages')
    await expect(list.getByRole('button').filter({ hasText: 'Anonymous visitor' }).first()).toBeVisible()

    await entry.click()
    const transcript = page.getByRole('region', { name: 'Open conversation' })
    await expect(page.getByRole('heading', { level: 2 })).toBeFocused()
    await expect(page.getByText('How much sleep do I need?')).toBeVisible()
    // The sleep answer names its sources.
    await expect(transcript.getByText('Sources').first()).toBeVisible()
    await page.screenshot({ path: testInfo.outputPath('conversations-1280.png'), fullPage: true })

    await page
      .getByRole('button', { name: /^Revise answer/ })
      .last()
      .click()
    const dialog = page.getByRole('dialog', { name: 'Revise answer' })
    await expect(dialog.getByText(`What do you think of ${ODD}?`)).toBeVisible()
    const improved = `I have never heard of ${ODD}, but I would run it in good shoes.`
    await dialog.getByRole('textbox', { name: 'Improved answer' }).fill(improved)
    await dialog.getByRole('button', { name: 'Train' }).click()
    await expect(dialog).toBeHidden()
    await expect(page.getByText(/updated! New messages will have improved responses/)).toBeVisible()
    await expect(page.getByText(improved)).toBeVisible()
    await expect(page.getByText('Revised', { exact: true })).toHaveCount(1)

    // On a phone: one pane at a time, with a way back.
    await page.setViewportSize({ width: 390, height: 844 })
    await expect(list).toBeHidden()
    const back = page.getByRole('button', { name: 'Back to conversations' })
    await expect(back).toBeVisible()
    await page.screenshot({ path: testInfo.outputPath('conversation-390.png'), fullPage: true })
    await back.click()
    await expect(list).toBeVisible()
    await expect(entry).toBeFocused()
    await page.screenshot({ path: testInfo.outputPath('conversations-390.png'), fullPage: true })

    // Analytics: this month has the conversations just made.
    await page.goto(`/studio/${ownClone.slug}/analytics`)
    const totals = page.getByRole('region', { name: 'Last 12 months' })
    await expect(totals).toBeVisible()
    const conversations = Number(
      (await totals.getByRole('listitem').first().locator('div').nth(1).textContent())?.replace(/\D/g, ''),
    )
    expect(conversations).toBeGreaterThanOrEqual(2)
    await expect(page.getByRole('img', { name: 'Conversations' })).toBeVisible()
    await page.getByRole('button', { name: 'Revenue' }).click()
    await expect(page.getByRole('img', { name: 'Revenue' })).toBeVisible()
    await page.getByRole('button', { name: 'Messages' }).click()
    await expect(page.getByRole('table', { name: /Monthly activity of/ })).toBeVisible()
    await page.screenshot({ path: testInfo.outputPath('analytics-390.png'), fullPage: true })
    await page.setViewportSize({ width: 1280, height: 900 })
    await page.screenshot({ path: testInfo.outputPath('analytics-1280.png'), fullPage: true })
  } finally {
    await visitorContext.close()
    await anonymousContext.close()
  }
})
