import type { Page } from '@playwright/test'
import { storageKeys } from '../../contract/storage'
import { expect, FROM_OUR_PAGE, LENA, signInThroughApi, Talk, TOMAS, test } from './fixtures'

/*
 * White-label and anonymous mode (spec 1 §6): a white-labelled embed offers none of the product's own pages
 * (account pages, studio, leads, embeds, announcements) and no 'Give feedback', and the creator's Revise and
 * Adjust tone are not offered in an embed of a clone with the product-logo flag on; a clone that does not
 * require an email (the seed's tomas-rivera) has no 'Log in' in its headers. The white-labelled embed is made
 * on a clone of the test's own (the ownClone fixture): it turns its creator's whitelabeled flag on.
 */

const PRODUCT_PAGES = ['Profile', 'Billing', 'Actions', 'Studio', 'Leads', 'Embeds', 'Announcements']

const banner = (page: Page) => page.getByRole('banner')

test("a white-labelled embed's account menu offers no product page and no feedback; the creator's answer has no Revise", async ({
  page,
  ownClone,
}, testInfo) => {
  test.setTimeout(90_000)
  const creator = await signInThroughApi(page.request, { email: ownClone.creatorEmail, transport: 'bearer' })
  const auth = { authorization: `Bearer ${creator.token}`, ...FROM_OUR_PAGE }
  const created = await page.request.post(`/api/studio/${ownClone.slug}/embeds`, {
    headers: auth,
    data: {
      name: 'White-label e2e',
      allowedOrigins: [],
      layout: 'inline',
      whitelabel: true,
      textLimit: null,
      voiceLimitSeconds: null,
    },
  })
  expect(created.status(), await created.text()).toBe(201)
  const { id } = (await created.json()) as { id: string }
  // The creator now has the white-labelled customisation (spec 1 §3 'User').
  const me = await page.request.get('/api/me', { headers: auth })
  expect(((await me.json()) as { user: { whitelabeled: boolean } }).user.whitelabeled).toBe(true)

  // Signed in inside the embed as its own token says (the embed keeps it in its storage).
  await page.addInitScript(
    ([key, value]) => localStorage.setItem(key!, value!),
    [storageKeys.embedAuthToken.name, JSON.stringify(creator.token)],
  )
  await page.goto(`/embed/${ownClone.slug}/${id}`)
  const talk = new Talk(page, ownClone)
  await expect(talk.prompt).toBeEditable()
  await banner(page)
    .getByRole('button', { name: /^Account menu for / })
    .click()
  const menu = page.getByRole('menu')
  await expect(menu.getByRole('menuitem', { name: 'Log out' })).toBeVisible()
  for (const name of [...PRODUCT_PAGES, 'Give feedback']) {
    await expect(menu.getByRole('menuitem', { name: new RegExp(`^${name}`) })).toHaveCount(0)
  }
  await page.screenshot({ path: testInfo.outputPath('white-labelled-embed-menu.png') })
  await page.keyboard.press('Escape')
  await expect(menu).toHaveCount(0)

  // The logo-flag embed mode (a new clone's productLogo is on): the creator's bar has no Revise or Adjust tone.
  await talk.ask('How late in the day can I drink coffee without hurting my sleep?')
  const bar = talk.answers.last().getByRole('toolbar', { name: 'Message tools' })
  await expect(bar.getByRole('button', { name: 'Read aloud' })).toBeVisible()
  await expect(bar.getByRole('button', { name: 'View citations' })).toBeVisible()
  await expect(bar.getByRole('button', { name: 'Revise' })).toHaveCount(0)
  await expect(bar.getByRole('button', { name: 'Adjust tone' })).toHaveCount(0)
})

test("a clone that does not require an email has no 'Log in' on its profile and talk screen", async ({
  page,
}, testInfo) => {
  // An email-requiring clone has it, once the visitor is known to be signed out.
  await page.goto(`/${LENA.slug}`)
  await expect(banner(page).getByRole('button', { name: 'Log in' })).toBeVisible()

  await page.goto(`/${TOMAS.slug}`)
  await expect(page.getByRole('heading', { level: 1, name: TOMAS.name })).toBeVisible()
  // The clone is loaded (its name shows): the header is final, with no auth menu in anonymous mode.
  await expect(banner(page).getByRole('button', { name: 'Log in' })).toHaveCount(0)
  await page.screenshot({ path: testInfo.outputPath('anonymous-mode-profile.png') })

  const talk = new Talk(page, TOMAS)
  await talk.open()
  await expect(banner(page).getByRole('button', { name: 'Log in' })).toHaveCount(0)
  await page.screenshot({ path: testInfo.outputPath('anonymous-mode-talk.png') })
})
