import type { APIRequestContext } from '@playwright/test'
import { expect, FROM_OUR_PAGE, newEmail, STREAM_PATH, test } from './fixtures'

/*
 * The account pages end to end (issue #15 'Account pages'; the end-to-end list: 'edit the profile and
 * see the new name in the account menu; delete an account and see its shared link stop working'). Sign-in
 * is the real one, through the dev outbox (fixtures.ts signInThroughApi).
 */

/** A conversation with one exchange through the chat stream, shared; answers the shared page's path. */
async function sharedConversation(request: APIRequestContext): Promise<string> {
  const res = await request.post(STREAM_PATH, {
    data: { slug: 'lena-hart', text: 'How much sleep does an adult need?' },
    headers: FROM_OUR_PAGE,
  })
  expect(res.ok()).toBe(true)
  const final = (await res.text())
    .split('\n\n')
    .filter((block) => block.startsWith('data: '))
    .map((block) => JSON.parse(block.slice(6)) as { message?: { conversationId: string } })
    .find((event) => event.message)
  const id = final!.message!.conversationId
  const shared = await request.post(`/api/clone/talk/conversations/${id}/share`, { headers: FROM_OUR_PAGE })
  expect(shared.ok(), await shared.text()).toBe(true)
  const { shared: link } = (await shared.json()) as { shared: { url: string } }
  return new URL(link.url).pathname
}

test.describe('account pages', () => {
  test('a new name saved on /profile shows in the account menu at once', async ({ page, signIn }, info) => {
    const { email } = await signIn({ email: newEmail('profile') })
    await page.goto('/profile')
    await expect(page.getByRole('heading', { name: 'Your profile', level: 1 })).toBeVisible()
    await expect(page.getByLabel('E-mail address')).toHaveValue(email)

    const name = page.getByLabel('Your name')
    await name.fill('Ada Profile')
    await name.press('Enter')
    await expect(page.getByText('Name saved')).toBeVisible()
    await expect(page.getByRole('button', { name: 'Account menu for Ada Profile' })).toBeVisible()
    await page.reload()
    await expect(page.getByRole('button', { name: 'Account menu for Ada Profile' })).toBeVisible()
    await expect(page.getByLabel('Your name')).toHaveValue('Ada Profile')

    // The page at a desktop and a phone width (looked at by hand; kept with the test's results).
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: 900 })
      await page.getByRole('button', { name: 'Delete account' }).scrollIntoViewIfNeeded()
      await expect(page.getByRole('heading', { name: 'Danger zone' })).toBeInViewport()
      await page.evaluate(() => window.scrollTo(0, 0))
      await page.screenshot({ path: info.outputPath(`profile-${width}.png`), fullPage: true })
    }
  })

  test('a consumer deletes their account and their shared link stops working', async ({
    page,
    browser,
    signIn,
  }) => {
    const { email } = await signIn({ email: newEmail('leaving') })
    const sharedPath = await sharedConversation(page.request)
    const stranger = await browser.newContext()
    const other = await stranger.newPage()
    await other.goto(sharedPath)
    await expect(other.getByText('Shared conversation.', { exact: false })).toBeVisible()

    await page.goto('/profile')
    await page.getByRole('button', { name: 'Delete account' }).click()
    const confirm = page.getByRole('alertdialog', { name: 'Delete your account?' })
    await confirm.getByLabel('Your e-mail address').fill(email)
    await confirm.getByLabel('Your e-mail address').press('Enter')
    await expect(page.getByText('Your account was deleted')).toBeVisible()
    await expect(page).toHaveURL(/\/explore$/)
    await expect(page.getByRole('button', { name: 'Log in' })).toBeVisible()

    await other.goto(sharedPath)
    await expect(
      other.getByRole('heading', { name: 'This shared conversation is not available' }),
    ).toBeVisible()
    await stranger.close()
  })
})
