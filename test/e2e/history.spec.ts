import type { APIRequestContext, Page } from '@playwright/test'
import { expect, FROM_OUR_PAGE, STREAM_PATH, Talk, test } from './fixtures'

/*
 * History and sharing end to end (spec 1 §2 'History', §4 'Conversations', §6 'Shared view'). Sign-in is the
 * real one: a code is asked for, read from the dev outbox (/dev/outbox, outside production only) and verified.
 * Conversations on earlier days are backdated with the dev-only POST /dev/conversations/:id/backdate
 * (server/routes/dev-tools.ts).
 */

test.use({ timezoneId: 'UTC' })

const COFFEE = 'How late in the day can I drink coffee without hurting my sleep?'
const historyDrawer = (page: Page) => page.getByRole('dialog', { name: 'History' })

/** A conversation with one exchange, made through the chat stream, renamed and optionally backdated. */
async function makeConversation(request: APIRequestContext, title: string, daysAgo = 0) {
  const res = await request.post(STREAM_PATH, {
    data: { slug: 'lena-hart', text: COFFEE },
    headers: FROM_OUR_PAGE,
  })
  expect(res.ok()).toBe(true)
  const final = (await res.text())
    .split('\n\n')
    .filter((block) => block.startsWith('data: '))
    .map((block) => JSON.parse(block.slice(6)) as { message?: { conversationId: string } })
    .find((event) => event.message)
  const id = final!.message!.conversationId
  const patched = await request.patch(`/api/clone/talk/conversations/${id}`, {
    data: { title },
    headers: FROM_OUR_PAGE,
  })
  expect(patched.ok()).toBe(true)
  if (daysAgo > 0) {
    const updatedAt = new Date(Date.now() - daysAgo * 24 * 60 * 60 * 1000).toISOString()
    const backdated = await request.post(`/dev/conversations/${id}/backdate`, {
      data: { updatedAt },
      headers: FROM_OUR_PAGE,
    })
    expect(backdated.ok()).toBe(true)
  }
  return id
}

/** The label history gives a day (the page runs in UTC, see test.use above). */
function groupLabel(daysAgo: number): string {
  if (daysAgo === 0) return 'Today'
  if (daysAgo === 1) return 'Yesterday'
  const date = new Date(Date.now() - daysAgo * 24 * 60 * 60 * 1000)
  const sameYear = date.getUTCFullYear() === new Date().getUTCFullYear()
  return new Intl.DateTimeFormat('en-US', {
    timeZone: 'UTC',
    month: 'long',
    day: 'numeric',
    ...(sameYear ? {} : { year: 'numeric' }),
  }).format(date)
}

async function openHistory(page: Page) {
  await page.getByRole('button', { name: 'History', exact: true }).click()
  await expect(historyDrawer(page)).toBeVisible()
  return historyDrawer(page)
}

test.describe('history', () => {
  // Each test makes several conversations through the real chat stream first.
  test.describe.configure({ timeout: 60_000 })

  test('asks an anonymous visitor to log in', async ({ page }) => {
    await page.goto('/lena-hart/talk')
    await page.getByRole('button', { name: 'History', exact: true }).click()
    // Told twice: a toast, and the sign-in dialog that opens instead of the drawer says why.
    const why = 'Please log in to view conversation history'
    await expect(page.getByRole('region', { name: /Notifications/ }).getByText(why)).toBeVisible()
    await expect(page.getByRole('dialog', { name: 'Log in or sign up' })).toContainText(why)
    await expect(historyDrawer(page)).toHaveCount(0)
  })

  test('groups conversations by day, renames and archives them', async ({ page, talk, signIn }) => {
    await signIn()
    const today = await makeConversation(page.request, 'Coffee today')
    const yesterday = await makeConversation(page.request, 'Coffee yesterday', 1)
    const older = await makeConversation(page.request, 'Coffee weeks ago', 20)
    await makeConversation(page.request, 'Coffee last year', 400)

    await page.goto(`/lena-hart/talk/conversation/${today}`)
    await expect(talk.answers).toHaveCount(1)
    let drawer = await openHistory(page)
    for (const [daysAgo, title] of [
      [0, 'Coffee today'],
      [1, 'Coffee yesterday'],
      [20, 'Coffee weeks ago'],
      [400, 'Coffee last year'],
    ] as const) {
      await expect(drawer.getByRole('region', { name: groupLabel(daysAgo) })).toContainText(title)
    }
    const current = drawer.getByRole('listitem').filter({ hasText: 'Coffee today' })
    await expect(current.getByText('Current', { exact: true })).toBeVisible()
    await expect(drawer.getByText('Current', { exact: true })).toHaveCount(1)

    // Rename in the dialog.
    await drawer.getByRole('button', { name: 'Options for Coffee yesterday' }).click()
    await page.getByRole('menuitem', { name: 'Rename' }).click()
    const rename = page.getByRole('dialog', { name: 'Rename conversation' })
    await rename.getByRole('textbox', { name: 'Title' }).fill('   ')
    await expect(rename.getByRole('button', { name: 'Save' })).toBeDisabled()
    await rename.getByRole('textbox', { name: 'Title' }).fill('Caffeine cut-off')
    await rename.getByRole('button', { name: 'Save' }).click()
    await expect(page.getByText('Conversation title updated')).toBeVisible()
    await expect(drawer.getByRole('region', { name: 'Yesterday' })).toContainText('Caffeine cut-off')

    // Rename the open one in place: the talk header follows.
    await current.getByRole('button', { name: /^Coffee today/ }).click()
    const inline = drawer.getByRole('textbox', { name: 'Conversation title' })
    await inline.fill('Morning coffee')
    await inline.press('Enter')
    await expect(drawer.getByRole('region', { name: 'Today' })).toContainText('Morning coffee')
    // Behind the drawer, the talk screen's title follows.
    await page.keyboard.press('Escape')
    await expect(drawer).toBeHidden()
    await expect(page.getByRole('main').getByText('Morning coffee', { exact: true })).toBeVisible()
    drawer = await openHistory(page)

    // Archive another one after confirming.
    await drawer.getByRole('button', { name: 'Options for Caffeine cut-off' }).click()
    await page.getByRole('menuitem', { name: 'Archive' }).click()
    await page
      .getByRole('alertdialog', { name: 'Archive conversation?' })
      .getByRole('button', { name: 'Archive' })
      .click()
    await expect(drawer.getByText('Caffeine cut-off')).toHaveCount(0)
    await expect(drawer.getByRole('region', { name: 'Yesterday' })).toHaveCount(0)

    // Archiving the open conversation goes to the most recently updated other one.
    await drawer.getByRole('button', { name: 'Options for Morning coffee' }).click()
    await page.getByRole('menuitem', { name: 'Archive' }).click()
    await page
      .getByRole('alertdialog', { name: 'Archive conversation?' })
      .getByRole('button', { name: 'Archive' })
      .click()
    await expect(page).toHaveURL(new RegExp(`/lena-hart/talk/conversation/${older}$`))
    await expect(drawer.getByText('Morning coffee')).toHaveCount(0)
    await expect(
      drawer
        .getByRole('listitem')
        .filter({ hasText: 'Coffee weeks ago' })
        .getByText('Current', { exact: true }),
    ).toBeVisible()
    expect(yesterday).not.toBe(older)

    // 'New Conversation' starts an empty one.
    await drawer.getByRole('button', { name: 'New Conversation' }).click()
    await expect(page.getByText('Conversation created!')).toBeVisible()
    await expect(page).toHaveURL(/\/lena-hart\/talk$/)
  })

  test('autoLoadRecent opens the most recent conversation and leaves the address', async ({
    page,
    talk,
    signIn,
  }) => {
    await signIn()
    await makeConversation(page.request, 'Older one', 2)
    const recent = await makeConversation(page.request, 'Newest one')
    await page.goto('/lena-hart/talk?autoLoadRecent=true')
    await expect(page).toHaveURL(new RegExp(`/lena-hart/talk/conversation/${recent}$`))
    await expect(talk.answers).toHaveCount(1)
  })
})

test.describe('saving, copying and sharing', () => {
  test.describe.configure({ timeout: 60_000 })

  test('saves and copies a message, shares the conversation, continues it elsewhere and unshares it', async ({
    page,
    browser,
    context,
    talk,
    signIn,
  }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write'])
    await signIn()
    await talk.open()
    await talk.ask(COFFEE)
    await expect(page).toHaveURL(/\/lena-hart\/talk\/conversation\/[0-9a-f-]{36}$/)
    const answer = talk.answers
    await expect(answer).toHaveCount(1)

    // Save (optimistic, kept after a reload) and copy (complete for a moment).
    await answer.getByRole('button', { name: 'Save message' }).click()
    await expect(answer.getByRole('button', { name: 'Unsave message' })).toHaveAttribute(
      'aria-pressed',
      'true',
    )
    await answer.getByRole('button', { name: 'Copy message' }).click()
    await expect(answer.getByRole('button', { name: 'Copied' })).toBeVisible()
    expect(await page.evaluate(() => navigator.clipboard.readText())).toContain('caffeine')
    await expect(answer.getByRole('button', { name: 'Copy message' })).toBeVisible({ timeout: 3_000 })
    await page.reload()
    await expect(talk.answers.getByRole('button', { name: 'Unsave message' })).toBeVisible()

    // Share from history.
    const drawer = await openHistory(page)
    const entry = drawer.getByRole('listitem').first()
    await entry.getByRole('button', { name: /^Options for/ }).click()
    await expect(page.getByRole('menu').getByText('Manage Share Link')).toHaveCount(0)
    await page.getByRole('menuitem', { name: 'Share' }).click()
    const share = page.getByRole('dialog', { name: 'Share Conversation' })
    const linkField = share.getByRole('textbox', { name: 'Share link' })
    await expect(linkField).toHaveValue(/\/lena-hart\/talk\/conversation\/shared\/[A-Za-z0-9_-]{16}$/)
    const link = await linkField.inputValue()
    await expect(share.getByRole('link', { name: 'Share on X' })).toHaveAttribute(
      'href',
      /^https:\/\/twitter\.com\/intent\/tweet\?text=.*&url=.*&via=likeness$/,
    )
    await expect(share.getByRole('link', { name: 'Via Email' })).toHaveAttribute('href', /^mailto:\?subject=/)
    await share.getByRole('button', { name: 'Copy link' }).click()
    await expect(page.getByText('Copied Share Link')).toBeVisible()
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(link)
    await share.getByRole('button', { name: 'Close' }).click()
    const sharedPath = new URL(link).pathname

    // Someone else opens the link: read-only, then continues it as their own conversation.
    const stranger = await browser.newContext({ timezoneId: 'UTC' })
    const other = await stranger.newPage()
    const theirs = new Talk(other)
    await other.goto(sharedPath)
    await expect(other.getByText('Shared conversation.', { exact: false })).toBeVisible()
    await expect(theirs.questions).toHaveText([COFFEE])
    await expect(theirs.answers).toHaveCount(1)
    await expect(other.getByRole('button', { name: 'Save message' })).toHaveCount(0)
    await expect(other.getByRole('button', { name: 'More options' })).toHaveCount(0)
    await other.getByRole('textbox', { name: 'Continue this conversation' }).fill('And what about decaf?')
    // The toast shows while the answer streams and leaves after its 4 s: look for it before the answer ends.
    await theirs.answerTo(async () => {
      await other.getByRole('button', { name: 'Continue conversation' }).click()
      await expect(other.getByText('Conversation started!')).toBeVisible()
    })
    await expect(other).toHaveURL(/\/lena-hart\/talk\/conversation\/[0-9a-f-]{36}$/)
    expect(other.url()).not.toContain(page.url().split('/').at(-1)!)
    await expect(theirs.answers).toHaveCount(2)
    await expect(theirs.questions).toHaveText([COFFEE, 'And what about decaf?'])

    // The sharer unshares: the link dies at once.
    const again = await openHistory(page)
    await again
      .getByRole('listitem')
      .first()
      .getByRole('button', { name: /^Options for/ })
      .click()
    // Only the sharer sees 'Manage Share Link' (spec 1 §6).
    await expect(page.getByRole('menu').getByText('Manage Share Link')).toBeVisible()
    await page.getByRole('menuitem', { name: 'Unshare Conversation' }).click()
    await expect(page.getByText('Your conversation is no longer shared.')).toBeVisible()

    const late = await stranger.newPage()
    await late.goto(sharedPath)
    await expect(
      late.getByRole('heading', { name: 'This shared conversation is not available' }),
    ).toBeVisible()
    await stranger.close()
  })
})
