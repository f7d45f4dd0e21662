import type { Page } from '@playwright/test'
import { embedConfigIdOf } from '../../server/seed/embeds'
import { expect, LENA, Profile, Talk, test } from './fixtures'

/*
 * A clone's profile and talk screen arrive written into the page (server/web/page-head.ts), so they paint
 * before the JavaScript. The app then replaces that markup with its own: these tests hold the two layouts
 * together, element by element, at a phone's and a laptop's width.
 */

/** The elements that make the first screen, by where they sit (the written page and the app's alike). */
const FIRST_SCREEN = [
  'h1',
  'h2',
  '.rt-AvatarRoot',
  '.profile-header__headline',
  '.profile-description__paragraph',
  '.warning-banner',
  '.profile-actions',
  '.suggested-questions__card',
  '.prompt-bar__textarea',
  '.talk-start__headline',
  '.talk-start__question',
  '.chat-prompt__box',
  '.remaining-line',
  '.talk-disclaimer',
].join(', ')

async function layout(page: Page) {
  return page.locator('#root').evaluate((root, selector) => {
    // The share aside (wide screens) is the app's own: the written page only keeps its width.
    const elements = [...root.querySelectorAll(selector)].filter((e) => !e.closest('.talk-aside'))
    return elements.map((element) => {
      const box = element.getBoundingClientRect()
      const name = `${element.tagName.toLowerCase()}.${[...element.classList].at(-1) ?? ''}`
      return `${name} ${Math.round(box.x)},${Math.round(box.y)} ${Math.round(box.width)}x${Math.round(box.height)}`
    })
  }, FIRST_SCREEN)
}

/** How the first screen's elements look: their box and the styles a missing rule would change. */
async function looks(page: Page) {
  return page.locator('#root').evaluate((root, selector) => {
    const props = ['color', 'background-color', 'font-size', 'font-weight', 'line-height', 'border-radius']
    return [...root.querySelectorAll(selector)].map((element) => {
      const box = element.getBoundingClientRect()
      const style = getComputedStyle(element)
      const name = `${element.tagName.toLowerCase()}.${[...element.classList].at(-1) ?? ''}`
      const styles = props.map((p) => style.getPropertyValue(p)).join(' ')
      return `${name} ${Math.round(box.x)},${Math.round(box.y)} ${Math.round(box.width)}x${Math.round(box.height)} ${styles}`
    })
  }, `${FIRST_SCREEN}, header, main, button, a, p`)
}

/** The page has been painted: its styles apply (the DOM alone can be laid out before they arrive). */
async function painted(page: Page) {
  await page.waitForFunction(() =>
    performance.getEntriesByType('paint').some((entry) => entry.name === 'first-contentful-paint'),
  )
}

/** Holds the requests matching `pattern` until released. */
async function hold(page: Page, pattern: RegExp) {
  let release: () => void = () => undefined
  const released = new Promise<void>((resolve) => (release = resolve))
  await page.route(pattern, async (route) => {
    await released
    await route.continue()
  })
  return release
}

/** Holds the app's entry script until released: the page shows only what the server wrote. */
const holdTheApp = (page: Page) => hold(page, /\/assets\/index-[^/]+\.js$/)

/** Holds the app's stylesheets until released: the page has only the styles written into it. */
const holdTheStylesheets = (page: Page) => hold(page, /\/assets\/[^/]+\.css$/)

/** Every stylesheet the page links has loaded. */
async function stylesheetsLoaded(page: Page) {
  await page.waitForFunction(() => {
    const links = [...document.querySelectorAll<HTMLLinkElement>('head link[rel="stylesheet"]')]
    return (
      links.length > 0 && links.every((link) => link.sheet !== null && !link.hasAttribute('data-loading'))
    )
  })
}

const WRITTEN_PAGES = [
  { name: 'profile', path: `/${LENA.slug}` },
  { name: 'talk screen', path: `/${LENA.slug}/talk` },
  { name: 'embed', path: `/embed/${LENA.slug}/${embedConfigIdOf(LENA.slug, 'bubble')}` },
]

for (const width of [390, 1280]) {
  test.describe(`written first screen at ${width} px`, () => {
    test.use({ viewport: { width, height: width < 600 ? 844 : 800 } })

    for (const { name, path } of WRITTEN_PAGES) {
      test(`the ${name} paints with the styles written into it as it looks with the app's stylesheets`, async ({
        page,
      }) => {
        // The stylesheets wait in the template start-app.js opens after the first paint
        // (server/web/page-head.ts): the first paint has only the critical rules written into <head>.
        const releaseStyles = await holdTheStylesheets(page)
        const releaseApp = await holdTheApp(page)
        await page.goto(path, { waitUntil: 'commit' })
        const written = page.locator('[data-prerendered]')
        await expect(written.locator('h1')).toHaveCount(1)
        await painted(page)
        expect(await page.locator('head > style').count()).toBe(1)
        const before = await looks(page)
        releaseStyles()
        await stylesheetsLoaded(page)
        await expect(written).toHaveCount(1)
        expect(await looks(page)).toEqual(before)
        releaseApp()
        await expect(written).toHaveCount(0)
      })
    }

    test('the profile the app shows sits exactly where the written one was', async ({ page }) => {
      const release = await holdTheApp(page)
      await page.goto(`/${LENA.slug}`, { waitUntil: 'commit' })
      const written = page.locator('[data-prerendered]')
      await expect(written.locator('h1')).toHaveText(LENA.name)
      await expect(written.locator('.rt-AvatarImage')).toHaveJSProperty('complete', true)
      await painted(page)
      const before = await layout(page)
      release()
      const profile = new Profile(page)
      await expect(profile.heading).toBeVisible()
      await expect(written).toHaveCount(0)
      await expect(page.locator('#root .rt-AvatarImage')).toBeVisible()
      expect(await layout(page)).toEqual(before)
    })

    test('the talk screen the app shows sits exactly where the written one was', async ({ page }) => {
      const release = await holdTheApp(page)
      await page.goto(`/${LENA.slug}/talk`, { waitUntil: 'commit' })
      const written = page.locator('[data-prerendered]')
      await expect(written.locator('.talk-header__name')).toHaveText(LENA.name)
      await expect(written.locator('.talk-start__question')).toHaveCount(3)
      await painted(page)
      const before = await layout(page)
      release()
      const talk = new Talk(page)
      await expect(talk.prompt).toBeEditable()
      await expect(written).toHaveCount(0)
      // The usage arrives after the app starts: its line fills the place kept for it.
      await expect(page.locator('.remaining-line')).toHaveText(/Messages? Remaining/)
      await expect(page.locator('#root .talk-start__avatar .rt-AvatarImage')).toBeVisible()
      expect(await layout(page)).toEqual(before)
    })

    test('the embed’s talk screen the app shows sits exactly where the written one was', async ({ page }) => {
      const release = await holdTheApp(page)
      await page.goto(`/embed/${LENA.slug}/${embedConfigIdOf(LENA.slug, 'bubble')}`, { waitUntil: 'commit' })
      const written = page.locator('[data-prerendered]')
      await expect(written.locator('.talk-header__name')).toHaveText(LENA.name)
      await expect(written.locator('.app-logo')).toHaveCount(0)
      await expect(written.locator('.talk-start__question')).toHaveCount(3)
      await painted(page)
      const before = await layout(page)
      release()
      const talk = new Talk(page)
      await expect(talk.prompt).toBeEditable()
      await expect(written).toHaveCount(0)
      await expect(page.locator('.remaining-line')).toHaveText(/Messages? Remaining/)
      await expect(page.getByRole('link', { name: /Powered by Likeness/ })).toBeVisible()
      await expect(page.locator('#root .talk-start__avatar .rt-AvatarImage')).toBeVisible()
      expect(await layout(page)).toEqual(before)
    })
  })
}

test('without JavaScript the page still shows the clone: a crawler or a reader mode sees it', async ({
  browser,
}) => {
  const context = await browser.newContext({ javaScriptEnabled: false })
  try {
    const page = await context.newPage()
    await page.goto(`/${LENA.slug}`)
    await expect(page.locator('h1')).toHaveText(LENA.name)
    await expect(page.locator('.profile-header__headline')).toHaveText(/^Sleep scientist and endurance coach/)
    await expect(page.locator('.profile-header__avatar img')).toHaveAttribute('width', '160')
    await expect(page).toHaveTitle(`${LENA.name} | Likeness`)
  } finally {
    await context.close()
  }
})
