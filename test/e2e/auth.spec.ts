import { codeFromOutbox, expect, LENA_CREATOR_EMAIL, newEmail, test } from './fixtures'

test.describe('sign-in', () => {
  test('signs in with a code from the dev outbox, keeps the conversation, logs out', async ({
    page,
    talk,
    signInDialog,
  }) => {
    const email = newEmail('visitor')
    await talk.open()
    await talk.ask('How much sleep do I need?')
    await expect(talk.answers).toHaveCount(1)
    await expect(page).toHaveURL(/\/lena-hart\/talk\/conversation\/[0-9a-f-]{36}$/)

    await page.getByRole('button', { name: 'Log in' }).click()
    await signInDialog.signIn(email)
    const menuButton = page.getByRole('button', { name: `Account menu for ${email.split('@')[0]}` })
    await expect(menuButton).toBeVisible()

    // The conversation is now the user's: it opens again after a reload with the session.
    await page.reload()
    await expect(talk.questions).toHaveText(['How much sleep do I need?'])

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

  test('a wrong code shows the error text, and the code can be sent again', async ({
    page,
    profile,
    signInDialog,
  }) => {
    const email = newEmail('typo')
    await profile.open()
    await page.getByRole('button', { name: 'Log in' }).click()
    const codeStep = await signInDialog.requestCode(email)
    const real = await codeFromOutbox(page.request, email)
    const wrong = real === '123456' ? '654321' : '123456'
    await page.keyboard.type(wrong)
    await expect(codeStep.getByRole('alert')).toHaveText('Unable to verify code. Please try again')
    await expect(codeStep.getByLabel('Character 1 of 6')).toBeFocused()

    await codeStep.getByRole('button', { name: 'Resend code' }).click()
    await expect(page.getByText('Code resent')).toBeVisible()
    await signInDialog.enterCodeFromOutbox(email)
    await expect(codeStep).toBeHidden()
    await expect(page.getByRole('button', { name: `Account menu for ${email.split('@')[0]}` })).toBeVisible()
  })

  test('the creator sees Edit suggested questions for her clone', async ({ page, profile, signInDialog }) => {
    await profile.open()
    await page.getByRole('button', { name: 'Log in' }).click()
    await signInDialog.signIn(LENA_CREATOR_EMAIL)
    await page.getByRole('button', { name: 'Account menu for Lena Hart' }).click()
    const menu = page.getByRole('menu')
    await expect(menu.getByText(LENA_CREATOR_EMAIL)).toBeVisible()
    const edit = menu.getByRole('menuitem', { name: /Edit suggested questions/ })
    await expect(edit).toHaveAttribute('href', '/studio/lena-hart/build/questions')
    await expect(edit).toHaveAttribute('target', '_blank')
    await page.keyboard.press('Escape')
    // Not on another creator's clone: tomas-rivera does not require an e-mail, so its pages have no account
    // menu at all (spec 1 §6 anonymous mode), signed in or not.
    await page.goto('/tomas-rivera')
    await expect(page.getByRole('heading', { level: 1, name: 'Chef Tomás Rivera' })).toBeVisible()
    await expect(page.getByRole('button', { name: 'Account menu for Lena Hart' })).toHaveCount(0)
    await expect(page.getByRole('menuitem', { name: /Edit suggested questions/ })).toHaveCount(0)
    // On her own clone the menu is there again, with her tools.
    await page.goto('/lena-hart')
    await page.getByRole('button', { name: 'Account menu for Lena Hart' }).click()
    await expect(page.getByRole('menuitem', { name: /Edit suggested questions/ })).toBeVisible()
  })

  test('the profile phone button asks a signed-out visitor to log in', async ({
    page,
    profile,
    signInDialog,
  }) => {
    await profile.open()
    // The seeded creator clone has a phone number: the button must be there.
    const phone = page.getByRole('button', { name: '+1 (415) 555-0123' })
    await phone.click()
    await expect(page.getByText('You need to be logged in first.')).toBeVisible()
    await expect(signInDialog.intro).toBeVisible()
    await page.keyboard.press('Escape')
    await expect(signInDialog.intro).toBeHidden()
  })
})
