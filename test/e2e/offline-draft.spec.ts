import { expect, test, waitForOfflineEntry } from './fixtures'

const OFFLINE_TEXT = 'You’re offline. Your message is saved as a draft: send it when you’re back online.'
const DRAFT = 'Does magnesium help deep sleep?'

test('a message typed offline stays as a draft instead of failing, and survives a reload', async ({
  page,
  context,
  talk,
}) => {
  await talk.open()

  await context.setOffline(true)
  await talk.send(DRAFT)
  await expect(page.getByText(OFFLINE_TEXT)).toBeVisible()
  await expect(talk.prompt).toHaveValue(DRAFT)
  await expect(talk.questions).toHaveCount(0)

  // Back online, a reload finds the draft in the offline store (renderer/src/features/offline/drafts.ts).
  await context.setOffline(false)
  await waitForOfflineEntry(page, 'draft:lena-hart:new')
  await page.reload()
  await expect(talk.prompt).toHaveValue(DRAFT)

  // Sent, the draft is gone for good.
  await talk.answerTo(() => talk.prompt.press('Enter'))
  await expect(talk.questions).toHaveText([DRAFT])
})
