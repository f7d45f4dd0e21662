import { docx } from '../support/document-files'
import { expect, newEmail, removeClone, SignInDialog, Talk, test } from './fixtures'

/*
 * Issue #23, as a new creator tries it: sign in, create a clone, upload one Word document, wait for 'Ready',
 * ask the test box; then an anonymous visitor asks the published clone in other words. A clone of one
 * document answers from it, citing it, and still declines what it does not cover. The clone is deleted at the
 * end: other specs read the directory.
 */

const PARAGRAPHS = [
  'The lighthouse keeper of Varrow Point keeps a ginger cat named Brisket Marlowe. The cat sleeps on the lamp room stairs and hunts mice in the oil store.',
  'Behind the keeper’s cottage there is an apiary of forty-two hives, and the honey is sold in the village shop from August.',
  'The village bakery closes on Mondays. On the other days it opens at seven in the morning.',
]
const paragraph = (text: string) => `<w:p><w:r><w:t>${text}</w:t></w:r></w:p>`

test('a clone of one Word document answers from it, for its creator and for a visitor', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000)
  const id = crypto.randomUUID().slice(0, 6)
  const name = `Ines Varrow ${id}`
  const slug = `ines-varrow-${id}`

  await page.goto('/studio')
  await page.getByRole('main').getByRole('button', { name: 'Log in' }).click()
  await new SignInDialog(page).signIn(newEmail('ines'))

  try {
    await page.getByRole('link', { name: 'Create a clone' }).click()
    await page.getByLabel('Name').fill(name)
    await page.getByLabel('Address').fill(slug)
    await expect(page.getByText('This address is free.')).toBeVisible()
    await page.getByRole('button', { name: 'Create clone' }).click()
    await expect(page).toHaveURL(new RegExp(`/studio/${slug}/settings$`))

    await page.getByRole('navigation', { name: 'Studio' }).getByRole('link', { name: 'Knowledge' }).click()
    await page.getByRole('button', { name: /^Upload documents/ }).click()
    const upload = page.getByRole('dialog', { name: 'Upload documents' })
    await upload.getByLabel('Documents').setInputFiles({
      name: 'Varrow Point.docx',
      mimeType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
      buffer: Buffer.from(docx(PARAGRAPHS.map(paragraph).join(''))),
    })
    await upload.getByRole('button', { name: 'Upload 1 file' }).click()
    await expect(upload.getByRole('list', { name: 'Files to add' }).getByText('Added')).toBeVisible()
    await upload.getByRole('button', { name: 'Done' }).click()
    const sources = page.getByRole('list', { name: 'Sources' })
    await expect(
      sources
        .getByRole('listitem')
        .filter({ hasText: /varrow-point\.docx/i })
        .getByText('Ready'),
    ).toBeVisible({ timeout: 30_000 })

    // The test box: the fact, with its citation.
    await page
      .getByLabel('Test question')
      .fill("What is the name of the lighthouse keeper's cat at Varrow Point?")
    await page.getByRole('button', { name: 'Ask' }).click()
    const answer = page.getByRole('article').filter({ has: page.getByRole('heading', { name: 'Answer' }) })
    await expect(answer).toContainText('Brisket Marlowe')
    await expect(answer.getByText('Cited in this answer')).toBeVisible()
    await expect(answer.getByText(/varrow-point\.docx/i).first()).toBeVisible()

    await page.getByRole('navigation', { name: 'Studio' }).getByRole('link', { name: 'Settings' }).click()
    await page.getByRole('button', { name: 'Publish' }).click()
    await expect(page.getByText('Published: your clone is on Explore.')).toBeVisible()

    // An anonymous visitor, in other words than the document's.
    const visitor = await browser.newContext()
    try {
      const chat = await visitor.newPage()
      await chat.goto(`/${slug}`)
      const talk = new Talk(chat, { slug, name })
      await talk.open()
      await talk.ask('How many hives are at the apiary?')
      await expect(talk.answers).toHaveCount(1)
      await expect(talk.answers).toContainText('forty-two hives')
      await talk.answers.getByRole('button', { name: /^Sources/ }).click()
      const cited = chat.getByRole('dialog', { name: 'Sources' })
      await expect(cited.getByText(/varrow-point\.docx/i).first()).toBeVisible()
      await chat.keyboard.press('Escape')

      await talk.ask('Which day is the bakery closed?')
      await expect(talk.answers).toHaveCount(2)
      await expect(talk.answers.nth(1)).toContainText('closes on Mondays')

      // Nothing in the document is about this: declined, with no sources.
      await talk.ask('What is the capital of Peru?')
      await expect(talk.answers).toHaveCount(3)
      await expect(talk.answers.nth(2)).toContainText('I don’t have anything on that in my own material')
      await expect(talk.answers.nth(2).getByRole('button', { name: /^Sources/ })).toHaveCount(0)
    } finally {
      await visitor.close()
    }
  } finally {
    await removeClone(page.request, slug)
  }
})
