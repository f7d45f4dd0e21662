import { embedConfigIdOf } from '../../server/seed/embeds'
import { expect, LENA, test } from './fixtures'

/*
 * A quick smoke of the embed from a creator's site (test/support/host-pages.ts, another origin): the
 * snippet mounts, the product boots in the iframe in embed mode, and the two sides talk. The full journey
 * (capture, text-exhausted, the third site) is test/e2e/embed.spec.ts.
 */

const host = `http://localhost:${process.env.E2E_HOST_PORT}`
const bubble = embedConfigIdOf('lena-hart', 'bubble')

const hostPage = (product: string, layout: 'bubble' | 'inline') =>
  `${host}/host?${new URLSearchParams({ product, clone: LENA.slug, config: bubble, layout })}`

const parentLog = (page: import('@playwright/test').Page) =>
  page.evaluate(
    () => (window as unknown as { __embedLog: Array<{ kind: string; type?: string }> }).__embedLog,
  )

test('the bubble opens the clone in embed mode and closes from inside', async ({ page, baseURL }) => {
  await page.goto(hostPage(baseURL!, 'bubble'))
  const launcher = page.getByRole('button', { name: 'Open Likeness chat' })
  await expect(page.locator('iframe')).toHaveCount(0)
  await launcher.click()
  const frame = page.frameLocator('iframe[title="Likeness chat"]')
  await expect(frame.getByRole('textbox', { name: `Message ${LENA.name}` })).toBeVisible()
  // Embed mode: no logo link to the directory, the 'powered by' footer, and the parent heard 'ready'.
  await expect(frame.getByRole('link', { name: 'Likeness', exact: true })).toHaveCount(0)
  await expect(frame.getByRole('link', { name: /Powered by Likeness/ })).toBeVisible()
  await expect.poll(async () => (await parentLog(page)).some((e) => e.type === 'likeness:ready')).toBe(true)
  // The panel opened: the prompt has focus.
  await expect(frame.getByRole('textbox', { name: `Message ${LENA.name}` })).toBeFocused()
  await frame.getByRole('button', { name: 'Close chat' }).click()
  await expect(page.getByRole('button', { name: 'Open Likeness chat' })).toHaveAttribute(
    'aria-expanded',
    'false',
  )
})

test('the inline layout grows with its content', async ({ page, baseURL }) => {
  await page.goto(hostPage(baseURL!, 'inline'))
  const frame = page.frameLocator('#clone-chat iframe')
  await expect(frame.getByRole('textbox', { name: `Message ${LENA.name}` })).toBeVisible()
  await expect.poll(async () => (await parentLog(page)).some((e) => e.type === 'likeness:resize')).toBe(true)
})
