import { readFileSync } from 'node:fs'
import AxeBuilder from '@axe-core/playwright'
import { compileMessage } from '@lingui/message-utils/compileMessage'
import type { Page, TestInfo } from '@playwright/test'
import { addCatalog, setMessageCompiler, translate } from '../../contract/i18n'
import { expect, LENA, LENA_CREATOR_EMAIL, newEmail, test } from './fixtures'

/*
 * Every visitor in their own language (issue #25). The expected texts are read from the catalogs the app
 * ships (contract/locales), so the tests hold whatever the wording; each is first checked to differ from
 * the English, so a screen left in English fails.
 */

setMessageCompiler(compileMessage)
for (const code of ['en', 'es', 'ar', 'de'])
  addCatalog(
    code,
    JSON.parse(readFileSync(`contract/locales/${code}.json`, 'utf8')) as Record<string, string>,
  )

/** A text in a language, checked to be a translation (not the English). */
function text(code: string, id: string, values?: Record<string, unknown>): string {
  const translated = translate(id, values, code)
  expect(translated, `${id} in ${code}`).not.toBe(translate(id, values, 'en'))
  return translated
}

const promptLabel = (code: string) => text(code, 'chat.promptLabel', { name: LENA.name })

test.describe('a visitor whose browser prefers Spanish', () => {
  test.use({ locale: 'es-ES' })

  test('gets the first screen the server writes in Spanish, before any JavaScript runs', async ({ page }) => {
    await page.route(/\/assets\/.+\.js$/, (route) => route.abort())
    await page.goto(`/${LENA.slug}`)
    await expect(page.locator('html')).toHaveAttribute('lang', 'es')
    const prompt = page.locator('#root [data-prerendered] textarea').first()
    await expect(prompt).toHaveAttribute('placeholder', text('es', 'chat.promptPlaceholder'))
    await expect(prompt).toHaveAttribute('aria-label', promptLabel('es'))
  })

  test('sees the profile, the chat, the sign-in dialog, the paywall and the call screen in Spanish', async ({
    page,
  }) => {
    await page.goto(`/${LENA.slug}`)
    await expect(page.locator('html')).toHaveAttribute('lang', 'es')
    await expect(page.locator('html')).toHaveAttribute('dir', 'ltr')
    const prompt = page.getByRole('textbox', { name: promptLabel('es') })
    await expect(prompt).toBeVisible()

    // The chat: a question, its answer, the prompt's own controls.
    await prompt.fill('¿Cuánto debería dormir?')
    await prompt.press('Enter')
    await expect(page.getByRole('article', { name: LENA.name, exact: true })).toBeVisible()
    await expect(page.getByRole('textbox', { name: promptLabel('es') })).toBeVisible()

    // The sign-in dialog.
    await page.getByRole('button', { name: text('es', 'account.logIn'), exact: true }).click()
    const dialog = page.getByRole('dialog', { name: text('es', 'auth.introTitle') })
    await expect(dialog).toBeVisible()
    await expect(dialog.getByRole('button', { name: text('es', 'auth.continueWithEmail') })).toBeVisible()
    await page.keyboard.press('Escape')
    await expect(dialog).toBeHidden()

    // The paywall (the plans of a clone, opened by address as the upsell does).
    await page.goto(`/${LENA.slug}/talk?paywall=1`)
    await expect(page.getByRole('dialog')).toContainText(text('es', 'billing.upsellDescription'))

    // The call screen.
    await page.goto(`/${LENA.slug}/call`)
    await expect(page.getByRole('button', { name: text('es', 'voice.startCall') })).toBeVisible()
  })
})

test.describe('an Arabic visitor', () => {
  test.use({ locale: 'ar' })

  test('gets a right-to-left layout with no serious accessibility finding', async ({ page }, testInfo) => {
    // Three screens, each scanned by axe and pictured at two widths.
    test.setTimeout(120_000)
    await page.goto(`/${LENA.slug}`)
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl')
    await expect(page.locator('html')).toHaveAttribute('lang', 'ar')
    const prompt = page.getByRole('textbox', { name: promptLabel('ar') })
    await expect(prompt).toBeVisible()
    // Right to left: the product's logo starts the header on the right, and nothing scrolls sideways.
    const logo = await page.locator('.app-logo').boundingBox()
    const width = page.viewportSize()?.width ?? 0
    expect(logo && logo.x > width / 2, 'the logo sits on the right').toBe(true)
    await expectNoSidewaysScroll(page)
    await expectNoSeriousFinding(page, 'profile')
    await keep(page, testInfo, 'ar-profile')

    await prompt.fill('كم ساعة يجب أن أنام؟')
    await prompt.press('Enter')
    await expect(page.getByRole('article', { name: LENA.name, exact: true })).toBeVisible()
    await expectNoSidewaysScroll(page)
    await expectNoSeriousFinding(page, 'talk')
    await keep(page, testInfo, 'ar-chat')

    await page.goto(`/${LENA.slug}/call`)
    await expect(page.getByRole('button', { name: text('ar', 'voice.startCall') })).toBeVisible()
    await expectNoSidewaysScroll(page)
    await expectNoSeriousFinding(page, 'call')
    await keep(page, testInfo, 'ar-call')
  })

  test('sees the studio right to left', async ({ page, signIn }, testInfo) => {
    test.setTimeout(90_000)
    await signIn({ email: LENA_CREATOR_EMAIL })
    await page.goto(`/studio/${LENA.slug}/knowledge`)
    await expect(page.getByRole('heading', { level: 1, name: text('ar', 'knowledge.title') })).toBeVisible()
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl')
    await expectNoSidewaysScroll(page)
    await expectNoSeriousFinding(page, 'studio')
    await keep(page, testInfo, 'ar-studio')
  })
})

test.describe('choosing a language', () => {
  test.use({ locale: 'en-US' })

  test('German, chosen on /profile, switches the interface at once and survives a reload', async ({
    page,
    signIn,
  }) => {
    await signIn({ email: newEmail('german') })
    await page.goto('/profile')
    await expect(page.getByRole('heading', { level: 1, name: 'Your profile' })).toBeVisible()
    const picker = page.getByRole('combobox', { name: 'Language', exact: true })
    await picker.selectOption('de')
    await page
      .locator('form')
      .filter({ has: picker })
      .getByRole('button', { name: 'Save', exact: true })
      .click()
    const heading = page.getByRole('heading', { level: 1, name: text('de', 'account-settings.profileTitle') })
    await expect(heading).toBeVisible()
    await expect(page.locator('html')).toHaveAttribute('lang', 'de')

    await page.reload()
    await expect(heading).toBeVisible()
    await expect(page.locator('html')).toHaveAttribute('lang', 'de')
    // The server writes the next page's first screen in German too (the choice's cookie).
    const response = await page.request.get(`/${LENA.slug}`)
    expect(await response.text()).toContain('<html lang="de"')
  })
})

async function expectNoSidewaysScroll(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)
  expect(overflow, 'the page scrolls sideways').toBeLessThanOrEqual(1)
}

async function expectNoSeriousFinding(page: Page, screen: string) {
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity),
  )
  const results = await new AxeBuilder({ page }).analyze()
  const serious = results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${screen}: ${v.id} (${v.help}) at ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)
  expect(serious).toEqual([])
}

/** A screenshot at this width and at a phone's, attached to the report (issue #25: they must look right). */
async function keep(page: Page, testInfo: TestInfo, name: string) {
  const size = page.viewportSize() ?? { width: 1280, height: 720 }
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 800 })
    await expectNoSidewaysScroll(page)
    const file = testInfo.outputPath(`${name}-${width}.png`)
    await page.screenshot({ path: file })
    await testInfo.attach(`${name}-${width}`, { path: file, contentType: 'image/png' })
  }
  await page.setViewportSize(size)
}
