import { expect, test } from '@playwright/test'

test.describe('clone profile', () => {
  test('shows every element of the rich creator clone', async ({ page }) => {
    await page.goto('/lena-hart')
    await expect(page.getByRole('heading', { level: 1, name: 'Dr. Lena Hart' })).toBeVisible()
    await expect(page).toHaveTitle('Dr. Lena Hart | Likeness')
    await expect(page.getByRole('img', { name: 'Verified' }).first()).toBeVisible()
    await expect(
      page.getByText('Sleep scientist and endurance coach', { exact: false }).first(),
    ).toBeVisible()
    await expect(page.getByRole('heading', { name: 'About Dr. Lena Hart' })).toBeVisible()
    await expect(page.getByRole('button', { name: '+1 (415) 555-0123' })).toBeVisible()
    await expect(page.getByRole('link', { name: 'Message', exact: true })).toHaveAttribute(
      'href',
      '/lena-hart/talk',
    )
    await expect(page.getByRole('link', { name: 'Call', exact: true })).toHaveAttribute(
      'href',
      '/lena-hart/call',
    )
    await expect(page.getByRole('link', { name: 'Video', exact: true })).toHaveAttribute(
      'href',
      '/lena-hart/video',
    )
    await expect(page.getByRole('button', { name: 'View Links' })).toBeVisible()
    await expect(page.getByRole('heading', { name: 'Suggested questions' })).toBeVisible()
    await expect(page.getByRole('link', { name: /How late in the day can I drink coffee/ })).toBeVisible()
    await expect(page.getByRole('note', { name: 'Warning' })).toContainText('not medical advice')
    await expect(page.getByRole('textbox', { name: 'Message Dr. Lena Hart' })).toBeVisible()
  })

  test('hides what the second clone does not have', async ({ page }) => {
    await page.goto('/tomas-rivera')
    await expect(page.getByRole('heading', { level: 1, name: 'Chef Tomás Rivera' })).toBeVisible()
    await expect(page.getByRole('link', { name: 'Message', exact: true })).toBeVisible()
    await expect(page.getByRole('link', { name: 'Call', exact: true })).toHaveCount(0)
    await expect(page.getByRole('link', { name: 'Video', exact: true })).toHaveCount(0)
    await expect(page.getByRole('button', { name: 'View Links' })).toHaveCount(0)
    await expect(page.getByRole('note', { name: 'Warning' })).toHaveCount(0)
    await expect(page.getByRole('img', { name: 'Verified' })).toHaveCount(0)
  })

  test('the socials dialog lists the creator’s links', async ({ page }) => {
    await page.goto('/lena-hart')
    await page.getByRole('button', { name: 'View Links' }).click()
    const dialog = page.getByRole('dialog', { name: 'View Socials' })
    await expect(dialog).toBeVisible()
    await expect(dialog.getByRole('link', { name: /instagram\.com\/lenahart\.sleeps/ })).toHaveAttribute(
      'href',
      'https://instagram.com/lenahart.sleeps',
    )
    await expect(dialog.getByRole('link', { name: /linkedin\.com\/in\/lena-hart-sleep/ })).toHaveAttribute(
      'target',
      '_blank',
    )
    await page.keyboard.press('Escape')
    await expect(dialog).toBeHidden()
  })

  test('the warning banner stays dismissed after a reload', async ({ page }) => {
    await page.goto('/lena-hart')
    const banner = page.getByRole('note', { name: 'Warning' })
    await expect(banner).toBeVisible()
    await page.getByRole('button', { name: 'Dismiss warning' }).click()
    await expect(banner).toBeHidden()
    await page.reload()
    await expect(page.getByRole('heading', { level: 1, name: 'Dr. Lena Hart' })).toBeVisible()
    await expect(banner).toBeHidden()
  })

  test('the prompt bar opens the chat with the typed message', async ({ page }) => {
    const visited: string[] = []
    page.on('framenavigated', (frame) => {
      if (frame === page.mainFrame()) visited.push(frame.url())
    })
    await page.goto('/lena-hart')
    const prompt = page.getByRole('textbox', { name: 'Message Dr. Lena Hart' })
    await prompt.fill('How should I nap before a race?')
    await prompt.press('Enter')
    await expect(page).toHaveURL(/\/lena-hart\/talk/)
    expect(visited.some((u) => u.includes('/lena-hart/talk?message=How+should+I+nap+before+a+race%3F'))).toBe(
      true,
    )
  })

  test('an empty prompt does not navigate', async ({ page }) => {
    await page.goto('/lena-hart')
    await page.getByRole('textbox', { name: 'Message Dr. Lena Hart' }).press('Enter')
    await expect(page).toHaveURL(/\/lena-hart$/)
  })

  test('an instance profile names its instance', async ({ page }) => {
    await page.goto('/lena-hart/clinic')
    await expect(page.getByRole('heading', { level: 1, name: 'Dr. Lena Hart' })).toBeVisible()
    await expect(page.getByText('Lena Hart — Clinic Edition')).toBeVisible()
    await expect(page.getByRole('link', { name: 'Message', exact: true })).toHaveAttribute(
      'href',
      '/lena-hart/clinic/talk',
    )
  })

  test('an unknown clone shows a not-found page', async ({ page }) => {
    await page.goto('/no-such-clone')
    await expect(page.getByRole('heading', { name: 'Clone not found' })).toBeVisible()
    await page.getByRole('link', { name: 'Explore clones' }).click()
    await expect(page).toHaveURL(/\/explore$/)
  })

  test('fits a 360 px screen without sideways scrolling', async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 740 })
    await page.goto('/lena-hart')
    await expect(page.getByRole('heading', { level: 1, name: 'Dr. Lena Hart' })).toBeVisible()
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)
    expect(overflow).toBeLessThanOrEqual(0)
  })
})

test.describe('explore', () => {
  test('lists the public clones and links to their profiles; the logo leads back', async ({ page }) => {
    await page.goto('/')
    await expect(page).toHaveURL(/\/explore$/)
    const lena = page.getByRole('link', { name: /Dr\. Lena Hart/ })
    await expect(lena).toBeVisible()
    await expect(page.getByRole('link', { name: /Chef Tomás Rivera/ })).toBeVisible()
    await lena.click()
    await expect(page).toHaveURL(/\/lena-hart$/)
    await page
      .getByRole('link', { name: /Likeness/ })
      .first()
      .click()
    await expect(page).toHaveURL(/\/explore$/)
  })

  test('routes not built yet show a coming-soon state, never a blank page', async ({ page }) => {
    await page.goto('/lena-hart/video')
    await expect(page.getByText(/coming soon/i).first()).toBeVisible()
  })
})
