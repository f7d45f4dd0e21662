import { expect, newEmail, test } from './fixtures'

test('an anonymous visitor runs out of messages, signs in, subscribes and chats again', async ({
  page,
  talk,
  signInDialog,
}) => {
  test.setTimeout(120_000)
  await talk.open()
  // The prompt's remaining line (the thread is virtualised: it is what counts the answers).
  const remaining = page.getByText(/^\d+ Messages? Remaining$/)
  // lena-hart's anonymous quota (seed): 10 messages.
  await expect(remaining).toHaveText('10 Messages Remaining')
  const plainColour = await remaining.evaluate((line) => getComputedStyle(line).color)

  for (let n = 1; n <= 10; n += 1) {
    const left = 10 - n
    await talk.ask(`Question ${n}: how much sleep do I need?`)
    await expect(remaining).toHaveText(`${left} ${left === 1 ? 'Message' : 'Messages'} Remaining`)
    // Red at 3 or fewer (spec 1 §6).
    if (left === 4) await expect(remaining).toHaveCSS('color', plainColour)
    if (left === 3) await expect(remaining).not.toHaveCSS('color', plainColour)
  }

  const paywall = page.getByRole('dialog', { name: "You've used up your available quota for Dr. Lena Hart" })
  await expect(paywall).toBeVisible()

  // Signed out, the paywall asks for sign-in first.
  await paywall.getByRole('button', { name: 'Sign in' }).click()
  await signInDialog.signIn(newEmail('payer'))

  // Usage is read again after sign-in: the new account has its own quota, so the paywall stays shut.
  await expect(remaining).toHaveText('10 Messages Remaining')
  await expect(page.getByRole('dialog')).toHaveCount(0)
  await page.goto('/lena-hart/talk?paywall=1')
  await expect(page).not.toHaveURL(/paywall/)
  const plans = page.getByRole('dialog').filter({ has: page.getByRole('radiogroup') })
  const card = plans.getByRole('article', { name: 'Rested' })
  await expect(card).toContainText('$9')
  await card.getByRole('button', { name: 'Subscribe' }).click()

  // The local test-mode checkout page (the server's); paying redirects back to redirect_url.
  const pay = page.getByRole('button', { name: /^Pay \$9/ })
  await expect(pay).toBeVisible()
  await pay.click()
  await expect(page).toHaveURL(/\/lena-hart\/talk/)
  await expect(talk.prompt).toBeVisible()
  await talk.open()
  // The Rested membership's allowance (seed): 200 messages a month.
  await expect(remaining).toHaveText('200 Messages Remaining')
  await talk.ask('Now that I subscribed, how late can I drink coffee?')
  await expect(talk.answers).toHaveCount(1)
  await expect(remaining).toHaveText('199 Messages Remaining')
  await expect(page.getByRole('dialog')).toHaveCount(0)
})
