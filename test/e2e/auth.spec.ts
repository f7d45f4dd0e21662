import { type BrowserContext, expect, type Page, test } from '@playwright/test'

const uniqueEmail = (who: string) => `${who}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`

/** Reads the newest sign-in code for an address from the dev outbox, as a developer would, in a second tab. */
async function codeFromOutbox(context: BrowserContext, email: string): Promise<string> {
  const outbox = await context.newPage()
  try {
    await outbox.goto('/dev/outbox')
    await expect(outbox.getByRole('heading', { name: 'Dev outbox' })).toBeVisible()
    const code = await outbox.getByLabel(`Sign-in code for ${email}`).first().textContent()
    expect(code).toMatch(/^\d{6}$/)
    return code!
  } finally {
    await outbox.close()
  }
}

async function requestCode(page: Page, email: string) {
  const dialog = page.getByRole('dialog', { name: 'Log in or sign up' })
  await expect(dialog).toBeVisible()
  await dialog.getByLabel('Email').fill(email)
  await dialog.getByRole('button', { name: 'Continue with email' }).click()
  const codeStep = page.getByRole('dialog', { name: 'Check your email' })
  await expect(codeStep).toBeVisible()
  // Focus moves to the first slot: typing fills the slots one by one.
  await expect(codeStep.getByLabel('Character 1 of 6')).toBeFocused()
  return codeStep
}

async function signIn(page: Page, email: string) {
  await page.getByRole('button', { name: 'Log in' }).click()
  const codeStep = await requestCode(page, email)
  await page.keyboard.type(await codeFromOutbox(page.context(), email))
  await expect(codeStep).toBeHidden()
}

test.describe('sign-in', () => {
  test('signs in with a code from the dev outbox, keeps the conversation, logs out', async ({ page }) => {
    const email = uniqueEmail('visitor')
    await page.goto('/lena-hart/talk')
    const prompt = page.getByRole('textbox', { name: 'Message Dr. Lena Hart' })
    await prompt.fill('How much sleep do I need?')
    await prompt.press('Enter')
    await expect(page.getByRole('article', { name: 'Dr. Lena Hart', exact: true })).toHaveCount(1)
    await expect(page).toHaveURL(/\/lena-hart\/talk\/conversation\/[0-9a-f-]{36}$/)

    await signIn(page, email)
    const menuButton = page.getByRole('button', { name: `Account menu for ${email.split('@')[0]}` })
    await expect(menuButton).toBeVisible()

    // The conversation is now the user's: it opens again after a reload with the session.
    await page.reload()
    await expect(page.getByRole('article', { name: 'Your message' })).toContainText(
      'How much sleep do I need?',
    )

    await menuButton.click()
    const menu = page.getByRole('menu')
    await expect(menu.getByText(email)).toBeVisible()
    await expect(menu.getByRole('menuitem', { name: 'Profile' })).toBeVisible()
    await expect(menu.getByRole('menuitem', { name: 'Billing' })).toBeVisible()
    await expect(menu.getByRole('menuitem', { name: 'Actions' })).toBeVisible()
    // A consumer is not offered the creator's shortcut.
    await expect(menu.getByRole('menuitem', { name: /Edit suggested questions/ })).toHaveCount(0)
    await menu.getByRole('menuitem', { name: 'Log out' }).click()
    await expect(page.getByText('You are logged out!')).toBeVisible()
    await expect(page.getByRole('button', { name: 'Log in' })).toBeVisible()
  })

  test('a wrong code shows the error text, and the code can be sent again', async ({ page }) => {
    const email = uniqueEmail('typo')
    await page.goto('/lena-hart')
    await page.getByRole('button', { name: 'Log in' }).click()
    const codeStep = await requestCode(page, email)
    const real = await codeFromOutbox(page.context(), email)
    const wrong = real === '123456' ? '654321' : '123456'
    await page.keyboard.type(wrong)
    await expect(codeStep.getByRole('alert')).toHaveText('Unable to verify code. Please try again')
    await expect(codeStep.getByLabel('Character 1 of 6')).toBeFocused()

    await codeStep.getByRole('button', { name: 'Resend code' }).click()
    await expect(page.getByText('Code resent')).toBeVisible()
    await page.keyboard.type(await codeFromOutbox(page.context(), email))
    await expect(codeStep).toBeHidden()
    await expect(page.getByRole('button', { name: /^Account menu for / })).toBeVisible()
  })

  test('the creator sees Edit suggested questions for her clone', async ({ page }) => {
    await page.goto('/lena-hart')
    await signIn(page, 'lena@likeness.test')
    await page.getByRole('button', { name: 'Account menu for Lena Hart' }).click()
    const menu = page.getByRole('menu')
    await expect(menu.getByText('lena@likeness.test')).toBeVisible()
    const edit = menu.getByRole('menuitem', { name: /Edit suggested questions/ })
    await expect(edit).toHaveAttribute('href', '/studio/lena-hart/build/questions')
    await expect(edit).toHaveAttribute('target', '_blank')
    await page.keyboard.press('Escape')
    // Not on another creator's clone.
    await page.goto('/tomas-rivera')
    await page.getByRole('button', { name: 'Account menu for Lena Hart' }).click()
    await expect(page.getByRole('menuitem', { name: 'Log out' })).toBeVisible()
    await expect(page.getByRole('menuitem', { name: /Edit suggested questions/ })).toHaveCount(0)
  })

  test('the profile phone button asks a signed-out visitor to log in', async ({ page }) => {
    await page.goto('/lena-hart')
    // The seeded creator clone has a phone number: the button must be there.
    const phone = page.getByRole('button', { name: '+1 (415) 555-0123' })
    await phone.click()
    await expect(page.getByText('You need to be logged in first.')).toBeVisible()
    await expect(page.getByRole('dialog', { name: 'Log in or sign up' })).toBeVisible()
    await page.keyboard.press('Escape')
    await expect(page.getByRole('dialog', { name: 'Log in or sign up' })).toBeHidden()
  })
})
