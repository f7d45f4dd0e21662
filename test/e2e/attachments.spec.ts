import { expect, test } from './fixtures'

/*
 * Attaching files to a chat message end to end (spec 1 §2 'Chat prompt', §5 'Attachments', §7 'Uploads'):
 * picked through the plus menu's 'Upload File', uploaded in signed parts to the real server, previewed,
 * sent with the message, shown in the thread and read back; the clone answers from a text file.
 */

/** A 1x1 PNG. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
)
const DIARY = [
  'My day, for you to look at.',
  'I drink coffee all day: a big coffee at 7 am, another coffee at noon and a last coffee around 6 pm.',
  'That is a lot of caffeine, I know. Does the caffeine in my evening coffee ruin my sleep?',
].join('\n')

test('a visitor attaches an image and a text file, sends them, and the clone answers from the file', async ({
  page,
  talk,
}) => {
  test.setTimeout(60_000)
  await talk.open()
  await page.getByRole('button', { name: 'More options' }).click()
  const chooser = page.waitForEvent('filechooser')
  await page.getByRole('menuitem', { name: 'Upload File' }).click()
  await (await chooser).setFiles([
    { name: 'Morning Light.png', mimeType: 'image/png', buffer: PNG },
    { name: 'My Day.txt', mimeType: 'text/plain', buffer: Buffer.from(DIARY) },
  ])
  const attached = page.getByRole('list', { name: 'Files to send' })
  await expect(attached.getByRole('listitem')).toHaveCount(2)
  await expect(attached.getByRole('button', { name: 'Remove morning-light.png' })).toBeVisible()
  await expect(attached.getByText('Uploading')).toHaveCount(0, { timeout: 15_000 })

  await talk.ask('What do you think about this?')
  await expect(attached).toHaveCount(0)
  const files = talk.questions.getByRole('list', { name: 'Attached files' })
  await expect(files.getByRole('link', { name: 'Open morning-light.png' })).toBeVisible()
  const download = files.getByRole('link', { name: 'Download my-day.txt' })
  await expect(download).toBeVisible()

  await expect(talk.answers).toHaveCount(1)
  await expect(talk.answers).toContainText(/caffeine|coffee/i)

  // The files are really stored: the text file reads back byte for byte, as a download.
  const href = (await download.getAttribute('href')) ?? ''
  const file = await page.request.get(href)
  expect(file.status()).toBe(200)
  expect(await file.text()).toBe(DIARY)
  expect(file.headers()['content-disposition']).toMatch(/^attachment/)

  // And they come back with the conversation after a reload.
  await page.reload()
  await expect(talk.questions.getByRole('link', { name: 'Download my-day.txt' })).toBeVisible()
})

test('a file of a type the product does not take is refused with a toast', async ({ page, talk }) => {
  await talk.open()
  await page.getByRole('button', { name: 'More options' }).click()
  const chooser = page.waitForEvent('filechooser')
  await page.getByRole('menuitem', { name: 'Upload File' }).click()
  await (await chooser).setFiles({
    name: 'setup.exe',
    mimeType: 'application/octet-stream',
    buffer: Buffer.from('MZ'),
  })
  await expect(page.getByText('setup.exe can’t be attached')).toBeVisible()
  await expect(page.getByRole('list', { name: 'Files to send' })).toHaveCount(0)
})
