import { expect, test } from './fixtures'

/*
 * Managing a membership end to end (spec 1 §2 '/billing' and '/memberships/...', §4 'Plan card actions',
 * §5 cancellation reasons): subscribe through the local test-mode checkout, see the plan and this month's
 * usage on /billing, turn overage on, cancel with reasons, resume; and the embed handoff of
 * '/memberships/...?origin=...&token=...'.
 */

test('a member sees the plan on /billing, turns overage on, cancels with reasons and resumes', async ({
  page,
  signIn,
}) => {
  test.setTimeout(90_000)
  await signIn()
  await page.goto('/memberships/lena-hart')
  const rested = page.getByRole('article', { name: 'Rested' })
  await rested.getByRole('button', { name: 'Subscribe' }).click()
  await page.getByRole('button', { name: /^Pay \$9/ }).click()
  await expect(page.getByText('Payment complete: your membership is active.')).toBeVisible()
  await expect(page).toHaveURL(/\/memberships\/lena-hart$/)
  await expect(rested.getByRole('button', { name: 'Cancel' })).toBeVisible()

  await page.goto('/billing')
  const card = page.getByRole('article', { name: 'Rested · Dr. Lena Hart' })
  await expect(card).toContainText('0 of 200 messages used this month')
  await expect(card).toContainText(/Renews on/)
  await expect(page.getByText(/^Test mode:/)).toBeVisible()
  const overage = page.getByRole('switch', { name: 'Keep chatting past my plan' })
  await expect(overage).toHaveAttribute('aria-checked', 'false')
  await overage.click()
  await expect(page.getByText('Overage is on')).toBeVisible()
  await page.reload()
  await expect(overage).toHaveAttribute('aria-checked', 'true')

  await card.getByRole('link', { name: 'Manage membership for Dr. Lena Hart' }).click()
  await expect(page).toHaveURL(/\/memberships\/lena-hart$/)
  await rested.getByRole('button', { name: 'Cancel' }).click()
  const reasons = page.getByRole('dialog', { name: 'Why are you cancelling?' })
  await reasons.getByRole('button', { name: 'Continue to cancel' }).click()
  await expect(reasons.getByText('Please select at least one reason from the checkboxes')).toBeVisible()
  await reasons.getByRole('checkbox', { name: 'It is too expensive' }).click()
  await reasons.getByRole('textbox').fill('Too short')
  await reasons.getByRole('button', { name: 'Continue to cancel' }).click()
  await expect(reasons.getByText('Please provide at least 5 words in your reason')).toBeVisible()
  await reasons.getByRole('textbox').fill('I will come back after the racing season')
  await reasons.getByRole('button', { name: 'Continue to cancel' }).click()
  await expect(reasons).toBeHidden()
  await rested.getByRole('button', { name: 'Resume' }).click()
  await expect(page.getByText('Resumed subscription!')).toBeVisible()
  await expect(rested.getByRole('button', { name: 'Cancel' })).toBeVisible()

  await page.goto('/billing')
  await expect(card).toContainText(/Renews on/)
})

test('an embed opens /memberships with its token: signed in here, the token gone from the address', async ({
  page,
  signIn,
}) => {
  const { token } = await signIn({ transport: 'bearer' })
  expect(token).toMatch(/^[A-Za-z0-9_-]{20,200}$/)
  const origin = 'https://partner.example.com/help'
  await page.goto(`/memberships/lena-hart?origin=${encodeURIComponent(origin)}&token=${token}`)
  await expect(
    page.getByRole('article', { name: 'Rested' }).getByRole('button', { name: 'Subscribe' }),
  ).toBeVisible()
  await expect(page).not.toHaveURL(/token=/)
  await expect(page).toHaveURL(/origin=/)
  await expect(page.getByRole('link', { name: 'Back to partner.example.com' })).toHaveAttribute(
    'href',
    origin,
  )
  const cookies = await page.context().cookies()
  expect(cookies.find((c) => c.name === 'lk_session')?.httpOnly).toBe(true)
})

test('an embed handoff signs in even when the first read of the user answers after the handoff', async ({
  page,
  signIn,
}) => {
  const { token } = await signIn({ transport: 'bearer' })
  // The order a loaded machine produces: GET /api/me leaves before the handoff has set the cookie, and
  // its signed-out answer arrives only after the handoff is done.
  const handoff = page.waitForResponse((r) => r.url().endsWith('/api/auth/handoff'))
  let first = true
  await page.route('**/api/me', async (route) => {
    if (!first) return route.continue()
    first = false
    const signedOut = await route.fetch()
    await (await handoff).finished()
    await route.fulfill({ response: signedOut }).catch(() => {
      // The page gave up on this read (it was cancelled): nothing to answer.
    })
  })
  await page.goto(`/memberships/lena-hart?token=${token}`)
  await expect(
    page.getByRole('article', { name: 'Rested' }).getByRole('button', { name: 'Subscribe' }),
  ).toBeVisible()
  await expect(page.getByRole('button', { name: 'Log in' })).toHaveCount(0)
})
