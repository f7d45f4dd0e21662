import { expect, LENA, Profile, TOMAS, test } from './fixtures'

test.describe('clone profile', () => {
  test('shows every element of the rich creator clone', async ({ page, profile }) => {
    await profile.open()
    await expect(page).toHaveTitle(`${LENA.name} | Likeness`)
    await expect(page.getByRole('img', { name: 'Verified' }).first()).toBeVisible()
    await expect(
      page.getByText('Sleep scientist and endurance coach', { exact: false }).first(),
    ).toBeVisible()
    await expect(page.getByRole('heading', { name: `About ${LENA.name}` })).toBeVisible()
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
    // The seed's 8 suggested questions: 4 at first, the rest on request.
    const suggested = page.getByRole('region', { name: 'Suggested questions' })
    await expect(suggested.getByRole('listitem')).toHaveCount(4)
    await expect(
      suggested.getByRole('link', { name: /How late in the day can I drink coffee/ }),
    ).toBeVisible()
    await suggested.getByRole('button', { name: 'Show 4 more' }).click()
    await expect(suggested.getByRole('listitem')).toHaveCount(8)
    await expect(page.getByRole('note', { name: 'Warning' })).toContainText('not medical advice')
    await expect(profile.prompt).toBeVisible()
  })

  test('hides what the second clone does not have', async ({ page }) => {
    await new Profile(page, TOMAS).open()
    await expect(page.getByRole('link', { name: 'Message', exact: true })).toBeVisible()
    await expect(page.getByRole('link', { name: 'Call', exact: true })).toHaveCount(0)
    await expect(page.getByRole('link', { name: 'Video', exact: true })).toHaveCount(0)
    await expect(page.getByRole('button', { name: 'View Links' })).toHaveCount(0)
    await expect(page.getByRole('note', { name: 'Warning' })).toHaveCount(0)
    await expect(page.getByRole('img', { name: 'Verified' })).toHaveCount(0)
    // The seed's 4 suggested questions: all shown, nothing to expand.
    const suggested = page.getByRole('region', { name: 'Suggested questions' })
    await expect(suggested.getByRole('listitem')).toHaveCount(4)
    await expect(suggested.getByRole('button')).toHaveCount(0)
  })

  test('the socials dialog lists the creator’s links', async ({ page, profile }) => {
    await profile.open()
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

  test('the warning banner stays dismissed after a reload', async ({ page, profile }) => {
    await profile.open()
    const banner = page.getByRole('note', { name: 'Warning' })
    await expect(banner).toBeVisible()
    await page.getByRole('button', { name: 'Dismiss warning' }).click()
    await expect(banner).toBeHidden()
    await page.reload()
    await expect(profile.heading).toBeVisible()
    await expect(banner).toBeHidden()
  })

  test('the prompt bar opens the chat with the typed message', async ({ page, profile }) => {
    const visited: string[] = []
    page.on('framenavigated', (frame) => {
      if (frame === page.mainFrame()) visited.push(frame.url())
    })
    await profile.open()
    await profile.prompt.fill('How should I nap before a race?')
    await profile.prompt.press('Enter')
    await expect(page).toHaveURL(/\/lena-hart\/talk/)
    expect(visited.some((u) => u.includes('/lena-hart/talk?message=How+should+I+nap+before+a+race%3F'))).toBe(
      true,
    )
  })

  test('an empty prompt does not navigate', async ({ page, profile }) => {
    await profile.open()
    await profile.prompt.press('Enter')
    await expect(page).toHaveURL(/\/lena-hart$/)
  })

  test('an instance profile names its instance', async ({ page, profile }) => {
    await profile.open('/clinic')
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

  test('fits a 360 px screen without sideways scrolling', async ({ page, profile }) => {
    await page.setViewportSize({ width: 360, height: 740 })
    await profile.open()
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)
    expect(overflow).toBeLessThanOrEqual(0)
  })
})

test.describe('explore', () => {
  test('lists the public clones and links to their profiles; the logo leads back', async ({ page }) => {
    await page.goto('/')
    await expect(page).toHaveURL(/\/explore$/)
    // The seed's two public clones, the verified one first. Studio specs running beside this one may publish
    // a clone of their own for a moment: the directory is not counted, its seeded entries are checked.
    const list = page.getByRole('list', { name: 'Clones' })
    const clones = list.getByRole('listitem')
    await expect(clones.nth(0).getByRole('link')).toHaveAccessibleName(/Dr\. Lena Hart/)
    await expect(list.getByRole('link', { name: /Chef Tomás Rivera/ })).toBeVisible()
    await clones.nth(0).getByRole('link').click()
    await expect(page).toHaveURL(/\/lena-hart$/)
    await page
      .getByRole('link', { name: /Likeness/ })
      .first()
      .click()
    await expect(page).toHaveURL(/\/explore$/)
  })

  test('an account page asks a signed-out visitor to log in, never a blank page', async ({ page }) => {
    await page.goto('/actions')
    await expect(page.getByRole('dialog', { name: 'Log in or sign up' })).toBeVisible()
    await page.keyboard.press('Escape')
    await expect(page.getByText('Log in to see which clones may text you.')).toBeVisible()
  })
})
