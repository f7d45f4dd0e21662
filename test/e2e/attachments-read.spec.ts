import type { Page } from '@playwright/test'
import { pdf } from '../support/document-files'
import { expect, type Talk, test } from './fixtures'

/*
 * Issue #15 'Every attached file is read', end to end against the real server: a PDF is read by the
 * document worker and a PNG by OCR (tesseract.js with its bundled English data), each once uploaded; the
 * clone answers from what it read and cites the file as a source, which opens the file.
 */

const FLIGHT = 'My flight to Lisbon leaves on Friday at 9 am from gate 12.'
const HOTEL = 'The hotel booking in Lisbon is under the number 4471 for three nights.'

/** Picks files through the prompt's plus menu and waits until they have uploaded. */
async function attach(page: Page, files: { name: string; mimeType: string; buffer: Buffer }[]) {
  await page.getByRole('button', { name: 'More options' }).click()
  const chooser = page.waitForEvent('filechooser')
  await page.getByRole('menuitem', { name: 'Upload File' }).click()
  await (await chooser).setFiles(files)
  const attached = page.getByRole('list', { name: 'Files to send' })
  await expect(attached.getByRole('listitem')).toHaveCount(files.length)
  await expect(attached.getByText('Uploading')).toHaveCount(0, { timeout: 15_000 })
}

/** The answer's sources list the attached file by name, and its entry links to the file itself. */
async function expectFileCited(talk: Talk, fileName: string) {
  await talk.answers.getByRole('button', { name: /^Sources/ }).click()
  const sources = talk.page.getByRole('dialog', { name: 'Sources' })
  await expect(sources).toBeVisible()
  await expect(sources.getByText(fileName).first()).toBeVisible()
  await talk.page.keyboard.press('Escape')
  await expect(sources).toBeHidden()
}

/** A PNG of a line of text, as a phone photo of a note would hold it: drawn by the browser, then shot. */
async function textImage(page: Page, text: string): Promise<Buffer> {
  const drawing = await page.context().newPage()
  await drawing.setViewportSize({ width: 1100, height: 140 })
  await drawing.setContent(
    `<p style="margin:40px;font:36px Arial,sans-serif;color:#111;background:#fff">${text}</p>`,
  )
  const png = await drawing.screenshot({ type: 'png' })
  await drawing.close()
  return png
}

test('a visitor attaches a PDF and the clone answers from it, citing the file', async ({ page, talk }) => {
  test.setTimeout(60_000)
  await talk.open()
  const trip = Buffer.from(pdf(2, (n) => (n === 1 ? 'Travel notes for October' : FLIGHT)))
  await attach(page, [{ name: 'Lisbon Trip.pdf', mimeType: 'application/pdf', buffer: trip }])

  await talk.ask('When does my flight to Lisbon leave?')
  await expect(talk.answers).toHaveCount(1)
  await expect(talk.answers).toContainText('Friday at 9 am')
  await expectFileCited(talk, 'lisbon-trip.pdf')
})

test('a visitor attaches a photo of a note and the clone reads its text (OCR), citing it', async ({
  page,
  talk,
}) => {
  test.setTimeout(90_000)
  await talk.open()
  const note = await textImage(page, HOTEL)
  await attach(page, [{ name: 'Hotel Note.png', mimeType: 'image/png', buffer: note }])

  await talk.ask('What is my hotel booking number in Lisbon?')
  await expect(talk.answers).toHaveCount(1)
  await expect(talk.answers).toContainText('4471')
  await expectFileCited(talk, 'hotel-note.png')
})
