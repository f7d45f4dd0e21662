import { type BrowserContext, expect, type Page, test } from '@playwright/test'

const uniqueEmail = () => `payer-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`

/** The newest sign-in code for an address, read from the dev outbox in a second tab. */
async function codeFromOutbox(context: BrowserContext, email: string): Promise<string> {
  const outbox = await context.newPage()
  try {
    await outbox.goto('/dev/outbox')
    const code = await outbox.getByLabel(`Sign-in code for ${email}`).first().textContent()
    expect(code).toMatch(/^\d{6}$/)
    return code!
  } finally {
    await outbox.close()
  }
}

/** Sends one message and waits for the answer: the remaining line counts it (the thread is virtualised). */
async function ask(page: Page, text: string, left: number) {
  const prompt = page.getByRole('textbox', { name: 'Message Dr. Lena Hart' })
  await prompt.fill(text)
  await prompt.press('Enter')
  await expect(page.locator('.remaining-line')).toHaveText(
    `${left} ${left === 1 ? 'Message' : 'Messages'} Remaining`,
    { timeout: 15_000 },
  )
}

test('an anonymous visitor runs out of messages, signs in, subscribes and chats again', async ({ page }) => {
  test.setTimeout(120_000)
  await page.goto('/lena-hart/talk')
  const remaining = page.locator('.remaining-line')
  // lena-hart's anonymous quota (seed): 10 messages.
  await expect(remaining).toHaveText('10 Messages Remaining')
  await expect(remaining).not.toHaveAttribute('data-low', 'true')

  for (let n = 1; n <= 10; n += 1) {
    const left = 10 - n
    await ask(page, `Question ${n}: how much sleep do I need?`, left)
    if (left === 4) await expect(remaining).not.toHaveAttribute('data-low', 'true')
    if (left === 3) await expect(remaining).toHaveAttribute('data-low', 'true')
  }

  const paywall = page.getByRole('dialog', { name: "You've used up your available quota for Dr. Lena Hart" })
  await expect(paywall).toBeVisible()

  // Signed out, the paywall asks for sign-in first.
  const email = uniqueEmail()
  await paywall.getByRole('button', { name: 'Sign in' }).click()
  const signIn = page.getByRole('dialog', { name: 'Log in or sign up' })
  await signIn.getByLabel('Email').fill(email)
  await signIn.getByRole('button', { name: 'Continue with email' }).click()
  const codeStep = page.getByRole('dialog', { name: 'Check your email' })
  await expect(codeStep.getByLabel('Character 1 of 6')).toBeFocused()
  await page.keyboard.type(await codeFromOutbox(page.context(), email))
  await expect(codeStep).toBeHidden()

  // Usage is refetched after sign-in; the paywall comes back only when still over the limit.
  const plans = page.getByRole('dialog').filter({ has: page.getByRole('radiogroup') })
  if (!(await plans.isVisible().catch(() => false))) {
    await page.goto('/lena-hart/talk?paywall=1')
    await expect(page).not.toHaveURL(/paywall/)
  }
  const card = plans.getByRole('article', { name: 'Rested' })
  await expect(card).toContainText('$9')
  await card.getByRole('button', { name: 'Subscribe' }).click()

  // The local test-mode checkout page (the server's); paying redirects back to redirect_url.
  const pay = page.getByRole('button', { name: /^Pay \$9/ })
  await expect(pay).toBeVisible()
  await pay.click()
  await expect(page).toHaveURL(/\/lena-hart\/talk/)
  await expect(page.getByRole('textbox', { name: 'Message Dr. Lena Hart' })).toBeVisible()
  await page.goto('/lena-hart/talk')
  const prompt = page.getByRole('textbox', { name: 'Message Dr. Lena Hart' })
  await prompt.fill('Now that I subscribed, how late can I drink coffee?')
  await prompt.press('Enter')
  await expect(page.getByRole('article', { name: 'Dr. Lena Hart', exact: true })).toHaveCount(1, {
    timeout: 15_000,
  })
  await expect(page.getByRole('dialog')).toHaveCount(0)
})
