import type { APIRequestContext, Page, TestInfo } from '@playwright/test'
import { expect, FROM_OUR_PAGE, LENA, LENA_CREATOR_EMAIL, test } from './fixtures'

/*
 * The creator's embeds page (issue #14): Lena Hart's creator makes a configuration for her site, takes its
 * snippet, changes its text limit and deletes it, all without the API by hand. Should the journey stop on the
 * way, its configuration is deleted through the API: Lena's seeded configurations stay alone.
 */

/** Deletes the configurations named `name` of Lena's (none left when the journey ran to its end). */
async function removeNamed(request: APIRequestContext, name: string) {
  const url = `/api/studio/${LENA.slug}/embeds`
  const { configs } = (await (await request.get(url)).json()) as { configs: { id: string; name: string }[] }
  for (const config of configs.filter((c) => c.name === name))
    await request.delete(`${url}/${config.id}`, { headers: FROM_OUR_PAGE })
}

test('a creator creates an embed, copies its snippet, edits its text limit and deletes it', async ({
  page,
  signIn,
}, testInfo) => {
  // Create, copy, edit at two widths and delete: a long journey.
  test.setTimeout(60_000)
  await signIn({ email: LENA_CREATOR_EMAIL })
  await page.goto(`/studio/${LENA.slug}/embeds`)
  await expect(page.getByRole('heading', { level: 1, name: 'Embeds' })).toBeVisible()
  // The seeded configurations are listed (spec 1 §9's limited ones among them).
  await expect(page.getByRole('article').first()).toBeVisible()
  await page.screenshot({ path: testInfo.outputPath('embeds-1280.png'), fullPage: true })

  const name = `My site ${crypto.randomUUID().slice(0, 6)}`
  try {
    await journey(page, name, testInfo)
  } finally {
    await removeNamed(page.request, name)
  }
})

/** Create, copy, edit at two widths and delete the configuration `name`, as its creator does in the page. */
async function journey(page: Page, name: string, testInfo: TestInfo) {
  await page.getByRole('button', { name: 'New embed' }).click()
  const create = page.getByRole('dialog', { name: 'New embed' })
  await expect(create.getByLabel('Name')).toBeFocused()
  await create.getByLabel('Name').fill(name)
  await create.getByLabel('Allowed sites').fill('lena.example')
  await create.getByLabel('Allowed sites').blur()
  await expect(
    create.getByText("Line 1: 'lena.example' is not an origin such as https://example.com"),
  ).toBeVisible()
  await expect(create.getByRole('button', { name: 'Create embed' })).toBeDisabled()
  await create.getByLabel('Allowed sites').fill('https://lena.example')
  await create.getByRole('radio', { name: 'Inline' }).click()
  await create.getByRole('button', { name: 'Create embed' }).click()
  await expect(page.getByText('Embed created')).toBeVisible()
  await expect(create).toBeHidden()

  const card = page.getByRole('article', { name })
  await expect(card.getByText('https://lena.example')).toBeVisible()
  await expect(card.getByText('Inline', { exact: true })).toBeVisible()
  const snippet = card.getByRole('textbox', { name: `Snippet for ${name}` })
  const origin = new URL(page.url()).origin
  await expect(snippet).toHaveValue(
    new RegExp(
      `<script src="${origin}/embed\\.js" data-clone="${LENA.slug}" data-config="[0-9a-f-]{36}" data-layout="inline" data-container="#likeness-chat-[0-9a-f]{8}" async></script>`,
    ),
  )
  const configId = /data-config="([^"]+)"/.exec(await snippet.inputValue())![1]
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write'])
  await card.getByRole('button', { name: 'Copy snippet' }).click()
  await expect(page.getByText('Copied', { exact: true })).toBeVisible()
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(await snippet.inputValue())
  await expect(card.getByRole('link', { name: /Preview/ })).toHaveAttribute(
    'href',
    `${origin}/embed/${LENA.slug}/${configId}`,
  )

  await card.getByRole('button', { name: 'Edit' }).click()
  const edit = page.getByRole('dialog', { name: `Edit ${name}` })
  await edit.getByLabel('Text limit (messages)').fill('0')
  await edit.getByLabel('Text limit (messages)').blur()
  await expect(edit.getByText('A whole number of messages from 1 to 10000, or empty.')).toBeVisible()
  await edit.getByLabel('Text limit (messages)').fill('6')
  await edit.getByRole('button', { name: 'Save changes' }).click()
  await expect(edit).toBeHidden()
  await expect(card.getByText('6 messages')).toBeVisible()

  await page.setViewportSize({ width: 390, height: 844 })
  await card.scrollIntoViewIfNeeded()
  await page.screenshot({ path: testInfo.outputPath('embeds-390.png'), fullPage: true })
  await card.getByRole('button', { name: 'Edit' }).click()
  await expect(edit.getByLabel('Name')).toBeFocused()
  await page.screenshot({ path: testInfo.outputPath('embeds-390-dialog.png'), animations: 'disabled' })
  await page.keyboard.press('Escape')
  await expect(edit).toBeHidden()
  await expect(card.getByRole('button', { name: 'Edit' })).toBeFocused()

  await card.getByRole('button', { name: 'Delete' }).click()
  const confirm = page.getByRole('alertdialog', { name: `Delete ${name}?` })
  await confirm.getByRole('button', { name: 'Delete embed' }).click()
  await expect(page.getByText('Embed deleted')).toBeVisible()
  await expect(card).toBeHidden()
  expect((await page.request.get(`/api/embed/configs/${configId}`)).status()).toBe(404)
}

test('the embeds page shows a live preview: the chosen configuration framed and chatting', async ({
  page,
  signIn,
}, testInfo) => {
  await signIn({ email: LENA_CREATOR_EMAIL })
  await page.goto(`/studio/${LENA.slug}/embeds`)
  const preview = page.getByRole('region', { name: 'Live preview' })
  await preview.scrollIntoViewIfNeeded()
  const frame = preview.frameLocator('iframe')
  // The framed embed is the clone's own chat, as a visitor of the creator's site sees it.
  await expect(frame.getByRole('textbox').first()).toBeVisible({ timeout: 20_000 })
  await expect(frame.getByText(LENA.name).first()).toBeVisible()
  await page.screenshot({ path: testInfo.outputPath('embeds-live-preview.png'), fullPage: true })
})
