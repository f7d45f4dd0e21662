import { makePng } from '../support/png'
import { expect, newEmail, removeClone, SignInDialog, test } from './fixtures'

/*
 * Issue #16 'Create a clone': a new user signs in from the studio, creates a clone, gives it a portrait (a
 * PNG made here, cropped square and uploaded by the page), publishes it, and an anonymous visitor finds it on
 * /explore with that portrait and opens its profile. The clone is deleted at the end (through its danger
 * zone): other specs count the directory's clones.
 */

test('a new user creates a clone with a portrait, publishes it, and a visitor finds it on /explore', async ({
  page,
  browser,
}) => {
  // A whole journey (sign-in, create, portrait, voice preview, publish, a visitor, delete): beside another
  // worker reading documents on two cores it can pass 30 s.
  test.setTimeout(90_000)
  const id = crypto.randomUUID().slice(0, 6)
  const name = `Ada Stone ${id}`
  const slug = `ada-stone-${id}`
  const email = newEmail('ada')

  await page.goto('/studio')
  await expect(page.getByRole('heading', { name: 'Log in to open your studio' })).toBeVisible()
  await page.getByRole('main').getByRole('button', { name: 'Log in' }).click()
  await new SignInDialog(page).signIn(email)
  await expect(page.getByRole('heading', { name: 'You have no clone yet' })).toBeVisible()

  try {
    await page.getByRole('link', { name: 'Create a clone' }).click()
    await expect(page).toHaveURL(/\/studio\/new$/)
    await page.getByLabel('Name').fill('Ada')
    await page.getByLabel('Address').fill('explore')
    await expect(page.getByText('That address is reserved.')).toBeVisible()
    await page.getByLabel('Address').fill(slug)
    await page.getByLabel('Name').fill(name)
    await page.getByLabel('Headline').fill('Potter and teacher of the wheel')
    await expect(page.getByText('This address is free.')).toBeVisible()
    await page.getByRole('button', { name: 'Create clone' }).click()
    await expect(page).toHaveURL(new RegExp(`/studio/${slug}/settings$`))
    await expect(
      page.getByRole('navigation', { name: 'Studio' }).getByRole('link', { name: 'Settings' }),
    ).toHaveAttribute('aria-current', 'page')
    await expect(page.getByText('Private', { exact: true })).toBeVisible()

    // The portrait: picked, cropped square, uploaded, saved.
    await page.getByLabel('Choose a picture').setInputFiles({
      name: 'ada.png',
      mimeType: 'image/png',
      buffer: makePng(96, 64),
    })
    const crop = page.getByRole('dialog', { name: 'Crop the portrait' })
    await expect(crop).toBeVisible()
    await crop.getByLabel('Zoom').fill('1.5')
    await crop.getByRole('button', { name: 'Use this portrait' }).click()
    await expect(page.getByText('Portrait updated')).toBeVisible()
    await expect(crop).toBeHidden()
    const portrait = page.getByRole('img', { name: 'Portrait', exact: true })
    await expect(portrait).toHaveAttribute('src', /\/api\/uploads\/files\/[^/]+\/portrait\.jpg$/)

    // Language and voice: an eSpeak voice, heard, then saved with the rest of the form.
    await page.getByLabel('Voice', { exact: true }).selectOption({ label: 'British English, female' })
    const [preview] = await Promise.all([
      page.waitForResponse((r) => r.url().endsWith('/api/studio/voice-preview')),
      page.getByRole('button', { name: 'Preview voice' }).click(),
    ])
    expect(preview.status()).toBe(200)
    expect(preview.headers()['content-type']).toBe('audio/wav')
    await page.getByLabel('Headline').fill('Potter, teacher, and now a clone')
    await page.getByRole('button', { name: 'Save changes' }).click()
    await expect(page.getByText('Settings saved')).toBeVisible()
    await expect(page.getByRole('button', { name: 'Save changes' })).toBeDisabled()

    await page.getByRole('button', { name: 'Publish' }).click()
    await expect(page.getByText('Published: your clone is on Explore.')).toBeVisible()
    await expect(page.getByRole('button', { name: 'Unpublish' })).toBeVisible()

    // An anonymous visitor, in a browser context of their own.
    const visitor = await browser.newContext()
    try {
      const explore = await visitor.newPage()
      await explore.goto('/explore')
      const card = explore.getByRole('link', { name: new RegExp(name) })
      await expect(card).toBeVisible()
      const image = card.locator('img')
      await expect(image).toHaveAttribute('src', /\/api\/uploads\/files\/[^/]+\/portrait\.jpg$/)
      await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(512)
      await card.click()
      await expect(explore).toHaveURL(new RegExp(`/${slug}$`))
      await expect(explore.getByRole('heading', { name, level: 1 })).toBeVisible()
      await expect(explore.getByText('Potter, teacher, and now a clone')).toBeVisible()
    } finally {
      await visitor.close()
    }

    // The danger zone: the clone goes, and the studio is empty again.
    await page.getByRole('button', { name: 'Delete clone' }).click()
    const confirm = page.getByRole('alertdialog')
    await confirm.getByLabel(`Type ${slug} to confirm`).fill(slug)
    await confirm.getByRole('button', { name: 'Delete clone' }).click()
    await expect(page).toHaveURL(/\/studio$/)
    await expect(page.getByRole('heading', { name: 'You have no clone yet' })).toBeVisible()
  } finally {
    await removeClone(page.request, slug)
  }
})
