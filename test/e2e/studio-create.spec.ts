import { deflateSync } from 'node:zlib'
import type { APIRequestContext } from '@playwright/test'
import { expect, FROM_OUR_PAGE, newEmail, SignInDialog, test } from './fixtures'

/*
 * Issue #16 'Create a clone': a new user signs in from the studio, creates a clone, gives it a portrait (a
 * PNG made here, cropped square and uploaded by the page), publishes it, and an anonymous visitor finds it on
 * /explore with that portrait and opens its profile. The clone is deleted at the end (through its danger
 * zone): other specs count the directory's clones.
 */

/** A width×height PNG: the top half coral, the bottom half teal (an RGB image, no filter, one IDAT). */
function makePng(width: number, height: number): Buffer {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1
    return c >>> 0
  })
  const crc = (bytes: Buffer) => {
    let c = 0xffffffff
    for (const b of bytes) c = crcTable[(c ^ b) & 0xff]! ^ (c >>> 8)
    return (c ^ 0xffffffff) >>> 0
  }
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4)
    length.writeUInt32BE(data.length)
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data])
    const sum = Buffer.alloc(4)
    sum.writeUInt32BE(crc(body))
    return Buffer.concat([length, body, sum])
  }
  const header = Buffer.alloc(13)
  header.writeUInt32BE(width, 0)
  header.writeUInt32BE(height, 4)
  header[8] = 8 // bit depth
  header[9] = 2 // RGB
  const rows = Buffer.alloc((width * 3 + 1) * height)
  for (let y = 0; y < height; y++) {
    const [r, g, b] = y < height / 2 ? [240, 110, 90] : [30, 150, 150]
    for (let x = 0; x < width; x++) rows.set([r, g, b], y * (width * 3 + 1) + 1 + x * 3)
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(rows)),
    chunk('IEND', Buffer.alloc(0)),
  ])
}

/** Whatever happens, the clone does not stay in the directory (through the API, as the danger zone would). */
async function removeClone(request: APIRequestContext, slug: string) {
  await request.delete(`/api/studio/${slug}`, { data: { confirmSlug: slug }, headers: FROM_OUR_PAGE })
}

test('a new user creates a clone with a portrait, publishes it, and a visitor finds it on /explore', async ({
  page,
  browser,
}) => {
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
