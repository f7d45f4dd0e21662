import { expect, test } from '@playwright/test'

const OFFLINE_TEXT = 'You’re offline. Your message is saved as a draft: send it when you’re back online.'

test('a message typed offline stays as a draft instead of failing, and survives a reload', async ({
  page,
  context,
}) => {
  await page.goto('/lena-hart/talk')
  const prompt = page.getByRole('textbox', { name: 'Message Dr. Lena Hart' })
  await expect(prompt).toBeVisible()

  await context.setOffline(true)
  await prompt.fill('Does magnesium help deep sleep?')
  await prompt.press('Enter')
  await expect(page.getByText(OFFLINE_TEXT)).toBeVisible()
  await expect(prompt).toHaveValue('Does magnesium help deep sleep?')
  await expect(page.getByRole('article', { name: 'Your message' })).toHaveCount(0)

  // Back online, a reload finds the draft in the offline store.
  await context.setOffline(false)
  await page.waitForTimeout(600)
  await page.reload()
  await expect(page.getByRole('textbox', { name: 'Message Dr. Lena Hart' })).toHaveValue(
    'Does magnesium help deep sleep?',
  )

  // Sent, the draft is gone for good.
  await page.getByRole('textbox', { name: 'Message Dr. Lena Hart' }).press('Enter')
  await expect(page.getByRole('article', { name: 'Your message' })).toHaveCount(1)
})
