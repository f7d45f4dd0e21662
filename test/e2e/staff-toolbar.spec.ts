import { expect, LENA, newEmail, STAFF_EMAIL, test } from './fixtures'

/*
 * spec 1 §6 'Staff: debug entry and a staff toolbar' (issue #15): staff sign in with the dev outbox's code,
 * open a clone and its toolbar, and see the clone's slug and which providers are real or embedded. Nobody
 * else ever sees it.
 */

test('staff open the toolbar on a clone and see its slug and the provider badges', async ({
  page,
  profile,
  signInDialog,
}, testInfo) => {
  await profile.open()
  await page.getByRole('button', { name: 'Log in' }).click()
  await signInDialog.signIn(STAFF_EMAIL)
  const pill = page.getByRole('button', { name: 'Staff', exact: true })
  await expect(pill).toBeVisible()
  await pill.click()

  const toolbar = page.getByRole('region', { name: 'Staff toolbar' })
  await expect(toolbar).toBeFocused()
  await expect(toolbar.getByText(LENA.slug, { exact: true })).toBeVisible()
  await expect(toolbar.getByText('Database: embedded')).toBeVisible()
  await expect(toolbar.getByText('Mail: embedded')).toBeVisible()
  await expect(toolbar.getByRole('link', { name: 'Dev outbox' })).toHaveAttribute('href', '/dev/outbox')
  await expect(toolbar.getByRole('link', { name: 'Leads' })).toHaveAttribute(
    'href',
    '/studio/lena-hart/leads',
  )
  await page.screenshot({ path: testInfo.outputPath('staff-toolbar-open.png') })
  await page.emulateMedia({ colorScheme: 'dark' })
  await page.screenshot({ path: testInfo.outputPath('staff-toolbar-dark.png') })
  await page.emulateMedia({ colorScheme: 'light' })

  // Remembered across a reload; Escape closes it and focus returns to the pill.
  await page.reload()
  await expect(toolbar).toBeVisible()
  await toolbar.focus()
  await page.keyboard.press('Escape')
  await expect(toolbar).toBeHidden()
  await expect(pill).toBeFocused()
  await page.keyboard.press('Alt+Shift+KeyS')
  await expect(toolbar).toBeVisible()
  await page.keyboard.press('Alt+Shift+KeyS')
  await expect(toolbar).toBeHidden()
})

test('a signed-in consumer never sees the toolbar, and its route answers 404', async ({
  page,
  profile,
  signIn,
}) => {
  const { email } = await signIn({ email: newEmail('casey') })
  await profile.open()
  await expect(page.getByRole('button', { name: `Account menu for ${email.split('@')[0]}` })).toBeVisible()
  await page.keyboard.press('Alt+Shift+KeyS')
  await expect(page.getByRole('button', { name: 'Staff', exact: true })).toHaveCount(0)
  await expect(page.getByRole('region', { name: 'Staff toolbar' })).toHaveCount(0)
  expect((await page.request.get('/api/staff/status')).status()).toBe(404)
})
