import { type ChildProcess, execFile, spawn } from 'node:child_process'
import { cp, mkdtemp, rm } from 'node:fs/promises'
import { setPriority, tmpdir } from 'node:os'
import path from 'node:path'
import { type BrowserContext, chromium, type Page, type Response } from '@playwright/test'
import { storageKeys } from '../../contract/storage'
import { chromiumArgs, findChromium } from '../support/browser'
import { freePort } from '../support/free-port'
import { expect, Profile, Talk, TOMAS, test, waitForOfflineEntry } from './fixtures'

/** The installable PWA in Chromium: manifest, service worker, offline use, install hint, update prompt. */

const IPHONE_SAFARI =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1'

async function waitForServiceWorker(page: Page) {
  await page.waitForFunction(() => navigator.serviceWorker?.controller != null, null, { timeout: 20_000 })
}

/**
 * Waits until the page's service worker has nothing more to do: the page is controlled and no new worker
 * is installing or waiting. From then on nothing can announce an update or change the controller.
 */
async function waitForSettledServiceWorker(page: Page) {
  await expect
    .poll(
      () =>
        page.evaluate(async () => {
          const registration = await navigator.serviceWorker.getRegistration()
          return Boolean(
            navigator.serviceWorker.controller &&
              registration?.active &&
              !registration.installing &&
              !registration.waiting,
          )
        }),
      { timeout: 20_000 },
    )
    .toBe(true)
}

/** The web shell has started (pwa/src/shell.ts marks the build first, then makes its install offers). */
async function waitForShell(page: Page) {
  await expect(page.locator('html')).toHaveAttribute('data-build', /.+/)
}

/** Every /api response the page sees, to prove none came from the service worker. */
function recordApiResponses(page: Page) {
  const responses: Response[] = []
  page.on('response', (response) => {
    if (new URL(response.url()).pathname.startsWith('/api')) responses.push(response)
  })
  return responses
}

async function cachedUrls(page: Page): Promise<string[]> {
  return page.evaluate(async () => {
    const urls: string[] = []
    for (const name of await caches.keys()) {
      for (const request of await (await caches.open(name)).keys()) urls.push(request.url)
    }
    return urls
  })
}

function pngSize(bytes: Buffer) {
  expect(bytes.subarray(1, 4).toString('latin1')).toBe('PNG')
  return `${bytes.readUInt32BE(16)}x${bytes.readUInt32BE(20)}`
}

test.describe('installable PWA', () => {
  test('has a valid manifest, its icons and screenshots, and meets the install criteria', async ({
    baseURL,
  }, testInfo) => {
    // Chromium never offers install in an incognito-like context: use a real profile.
    const profile = await mkdtemp(path.join(tmpdir(), 'likeness-pwa-profile-'))
    const context = await chromium.launchPersistentContext(profile, {
      executablePath: findChromium(),
      args: chromiumArgs(),
      baseURL,
    })
    try {
      const page = context.pages()[0] ?? (await context.newPage())
      const apiResponses = recordApiResponses(page)
      await page.goto('/explore')
      await expect(page.getByRole('heading', { level: 1, name: 'Explore clones' })).toBeVisible()
      await waitForServiceWorker(page)

      await expect(page.locator('link[rel="manifest"]')).toHaveAttribute('href', '/manifest.webmanifest')
      await expect(page.locator('link[rel="apple-touch-icon"]')).toHaveAttribute(
        'href',
        '/icons/apple-touch-icon.png',
      )

      const manifestResponse = await page.request.get('/manifest.webmanifest')
      expect(manifestResponse.headers()['content-type']).toMatch(/application\/manifest\+json/)
      const manifest = await manifestResponse.json()
      expect(manifest).toMatchObject({
        name: 'Likeness',
        short_name: 'Likeness',
        start_url: '/explore',
        scope: '/',
        display: 'standalone',
        theme_color: expect.stringMatching(/^#/),
        background_color: expect.stringMatching(/^#/),
      })
      expect(manifest.description).toBe('Talk with AI clones of creators you follow: chat, call and video.')
      const purposes = manifest.icons.map((icon: { purpose?: string }) => icon.purpose ?? 'any')
      expect(purposes).toContain('maskable')
      for (const icon of [...manifest.icons, ...manifest.screenshots]) {
        const response = await page.request.get(icon.src)
        expect(response.status(), icon.src).toBe(200)
        if (icon.type === 'image/png') expect(pngSize(await response.body()), icon.src).toBe(icon.sizes)
      }
      const sizes = manifest.icons.map((icon: { sizes: string }) => icon.sizes)
      expect(sizes).toEqual(expect.arrayContaining(['192x192', '512x512']))
      expect(manifest.screenshots.map((s: { form_factor: string }) => s.form_factor).sort()).toEqual([
        'narrow',
        'wide',
      ])

      // Chromium's own verdict: the manifest parses cleanly and nothing stands in the way of installing.
      const cdp = await context.newCDPSession(page)
      const appManifest = await cdp.send('Page.getAppManifest', {})
      expect(appManifest.errors).toEqual([])
      const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors')
      await testInfo.attach('installability', { body: JSON.stringify(installabilityErrors, null, 2) })
      expect(installabilityErrors).toEqual([])

      // The directory was read from the API, and no API answer came from the service worker.
      expect(apiResponses.map((r) => new URL(r.url()).pathname)).toContain('/api/clones')
      expect(apiResponses.filter((r) => r.fromServiceWorker()).map((r) => r.url())).toEqual([])
    } finally {
      await context.close()
      await rm(profile, { recursive: true, force: true })
    }
  })

  test('works offline: a reload shows the shell and the clone profile kept from before', async ({
    page,
    context,
  }, testInfo) => {
    const apiResponses = recordApiResponses(page)
    const profile = new Profile(page)
    await page.goto('/explore')
    await expect(page.getByRole('link', { name: /Dr\. Lena Hart/ }).first()).toBeVisible()
    await waitForServiceWorker(page)
    await profile.open()
    await waitForOfflineEntry(page, 'query:["clone","lena-hart",null]')
    await waitForOfflineEntry(page, 'query:["clones"]')

    await context.setOffline(true)
    await page.reload()
    await expect(profile.heading).toBeVisible()
    await expect(page.getByRole('status').filter({ hasText: 'You’re offline' })).toBeVisible()
    await expect(page.getByRole('heading', { name: 'Suggested questions' })).toBeVisible()
    await page.screenshot({ path: testInfo.outputPath('offline-profile-1280.png') })
    await page.setViewportSize({ width: 360, height: 740 })
    await page.screenshot({ path: testInfo.outputPath('offline-profile-360.png') })
    await page.setViewportSize({ width: 1280, height: 720 })

    // The directory, by a link inside the app, and a full navigation to another app route: the shell answers.
    await page.getByRole('link', { name: 'Likeness' }).first().click()
    await expect(page.getByRole('heading', { level: 1, name: 'Explore clones' })).toBeVisible()
    await expect(page.getByRole('link', { name: /Dr\. Lena Hart/ }).first()).toBeVisible()
    await page.goto('/privacy-policy')
    await expect(page.getByRole('status').filter({ hasText: 'You’re offline' })).toBeVisible()

    await context.setOffline(false)
    await profile.open()
    await expect(page.getByRole('status').filter({ hasText: 'You’re offline' })).toHaveCount(0)

    expect(apiResponses.filter((r) => r.fromServiceWorker()).map((r) => r.url())).toEqual([])
    // The precached shell is there; nothing from the API, the dev tools or sign-in is.
    const urls = await cachedUrls(page)
    expect(urls.map((url) => new URL(url).pathname)).toContain('/index.html')
    expect(urls.filter((url) => /\/(api|dev|auth)(\/|$)/.test(new URL(url).pathname))).toEqual([])
  })

  test('works offline: a conversation opened before reads back after an offline reload', async ({
    page,
    context,
  }, testInfo) => {
    const apiResponses = recordApiResponses(page)
    const question = 'How much sleep do runners need?'
    await new Talk(page).answerTo(() => page.goto(`/lena-hart/talk?message=${encodeURIComponent(question)}`))
    await expect(page).toHaveURL(/\/lena-hart\/talk\/conversation\/[0-9a-f-]+$/)
    const conversationId = page.url().split('/').at(-1)!
    await waitForServiceWorker(page)
    // Opening the conversation by its link loads it from the API, and keeps it for offline use.
    await page.reload()
    await expect(page.getByText(question)).toBeVisible()
    await waitForOfflineEntry(page, `query:["conversation","${conversationId}"]`)
    await waitForOfflineEntry(page, 'query:["clone","lena-hart",null]')

    // On a slow device (a CPU eight times slower): the app starts before the kept answers are back (it waits
    // for them 500 ms at most), the clone's first fetch fails while the kept clone is restored, and the kept
    // clone must still show. It once showed 'This clone could not be loaded' here, on a loaded machine.
    test.setTimeout(60_000)
    const cdp = await context.newCDPSession(page)
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 8 })
    await context.setOffline(true)
    await page.reload()
    await expect(page.getByRole('status').filter({ hasText: 'You’re offline' })).toBeVisible({
      timeout: 20_000,
    })
    // The question comes only from the conversation's stored messages: it was read from the offline store.
    await expect(page.getByText(question)).toBeVisible({ timeout: 20_000 })
    await expect(page.getByRole('heading', { name: 'This clone could not be loaded' })).toHaveCount(0)
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 })
    await page.screenshot({ path: testInfo.outputPath('offline-conversation-1280.png') })
    await context.setOffline(false)

    expect(apiResponses.filter((r) => r.fromServiceWorker()).map((r) => r.url())).toEqual([])
  })

  test('a navigation the shell cannot answer offline gets the offline page', async ({ page, context }) => {
    await page.goto('/explore')
    await waitForServiceWorker(page)
    // The shell's cache entry is gone (storage pressure evicted it) and the network with it.
    const removed = await page.evaluate(async () => {
      let count = 0
      for (const name of await caches.keys()) {
        const cache = await caches.open(name)
        for (const request of await cache.keys()) {
          if (new URL(request.url).pathname === '/index.html') count += Number(await cache.delete(request))
        }
      }
      return count
    })
    expect(removed).toBe(1)
    await context.setOffline(true)
    await page.goto(`/${TOMAS.slug}`)
    await expect(page.getByRole('heading', { level: 1, name: 'You’re offline' })).toBeVisible()
    await expect(page.getByRole('link', { name: 'Try again' })).toHaveAttribute('href', '/explore')
    await context.setOffline(false)
  })

  test('offers Install where the browser can install, and remembers a dismissal', async ({
    page,
  }, testInfo) => {
    await page.goto('/explore')
    await expect(page.getByRole('heading', { level: 1, name: 'Explore clones' })).toBeVisible()
    // Chromium fires beforeinstallprompt only for a real profile after its heuristics: play the event.
    await page.evaluate(() => {
      const event = new Event('beforeinstallprompt', { cancelable: true })
      Object.assign(event, {
        prompt: async () => {
          ;(window as { installPrompted?: boolean }).installPrompted = true
        },
        userChoice: Promise.resolve({ outcome: 'dismissed' }),
      })
      window.dispatchEvent(event)
    })
    const hint = page.getByRole('region', { name: 'Install Likeness' })
    await expect(hint).toBeVisible()
    await page.setViewportSize({ width: 1280, height: 800 })
    await page.screenshot({ path: testInfo.outputPath('install-button-1280.png') })
    await page.setViewportSize({ width: 360, height: 740 })
    await page.screenshot({ path: testInfo.outputPath('install-button-360.png') })

    await hint.getByRole('button', { name: 'Install' }).click()
    await expect
      .poll(() => page.evaluate(() => (window as { installPrompted?: boolean }).installPrompted))
      .toBe(true)
    await expect(hint).toHaveCount(0)
  })

  test('shows the Add to Home Screen steps on iOS Safari, until dismissed', async ({ browser }, testInfo) => {
    const context = await browser.newContext({
      userAgent: IPHONE_SAFARI,
      viewport: { width: 360, height: 740 },
      isMobile: true,
      hasTouch: true,
    })
    try {
      const page = await context.newPage()
      const profile = new Profile(page)
      await profile.open()
      const hint = page.getByRole('region', { name: 'Install Likeness' })
      await expect(hint).toBeVisible()
      await expect(hint.getByText('Tap the Share icon at the bottom')).toBeVisible()
      await expect(hint.getByText("Scroll to 'Add to Home Screen'")).toBeVisible()
      await expect(hint.getByText("Tap 'Done'")).toBeVisible()
      await expect(hint.getByRole('button', { name: 'Install' })).toHaveCount(0)
      await page.screenshot({ path: testInfo.outputPath('ios-hint-360.png') })
      await page.setViewportSize({ width: 1280, height: 800 })
      await page.screenshot({ path: testInfo.outputPath('ios-hint-1280.png') })

      // Not on a chat screen.
      await new Talk(page).open()
      await waitForShell(page)
      await expect(hint).toHaveCount(0)

      await profile.open()
      await hint.getByRole('button', { name: 'Dismiss' }).click()
      await expect(hint).toHaveCount(0)
      // Remembered, and after a reload the shell's offer finds it: no hint.
      const dismissal = storageKeys.installHintDismissed.name
      expect(await page.evaluate((key) => localStorage.getItem(key), dismissal)).toBe('true')
      await page.reload()
      await expect(profile.heading).toBeVisible()
      await waitForShell(page)
      await expect(hint).toHaveCount(0)
    } finally {
      await context.close()
    }
  })
})

test.describe('update prompt', () => {
  const BUILD_B = `build-B-${Date.now()}`
  let workDir: string
  let servedDir: string
  let server: ChildProcess | undefined
  let origin: string

  /**
   * Builds the web app with its own build id. At the lowest CPU priority: the other end-to-end files run
   * beside this one and some of them time a stream.
   */
  function buildWeb(outDir: string, buildId: string) {
    return new Promise<void>((resolve, reject) => {
      const child = execFile(
        process.execPath,
        ['node_modules/vite/bin/vite.js', 'build', '--config', 'pwa/vite.config.ts'],
        { env: { ...process.env, WEB_OUT_DIR: outDir, LIKENESS_BUILD_ID: buildId } },
        (error) => (error ? reject(error) : resolve()),
      )
      try {
        if (child.pid) setPriority(child.pid, 19)
      } catch {
        // Not permitted here: build at normal priority.
      }
    })
  }

  /** Deploys a build: the served folder is replaced, as a release would replace it. */
  async function deploy(build: string) {
    await rm(servedDir, { recursive: true, force: true })
    await cp(path.join(workDir, build), servedDir, { recursive: true })
  }

  test.beforeAll(async () => {
    test.setTimeout(180_000)
    workDir = await mkdtemp(path.join(tmpdir(), 'likeness-update-'))
    servedDir = path.join(workDir, 'served')
    // Build A is the web build the suite already made (npm run test:e2e builds it first); B is new.
    await cp(path.resolve('dist/web'), path.join(workDir, 'A'), { recursive: true })
    await buildWeb(path.join(workDir, 'B'), BUILD_B)
    await deploy('A')
    const port = await freePort()
    origin = `http://127.0.0.1:${port}`
    server = spawn(process.execPath, ['--import', 'tsx', 'server/index.ts'], {
      env: {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: path.join(workDir, 'data'),
        WEB_DIST: servedDir,
        NODE_ENV: 'development',
        LOG_LEVEL: 'warn',
      },
      stdio: 'ignore',
    })
    try {
      // This server only answers this test: keep its start-up (migrations, seed) out of the other files' way.
      if (server.pid) setPriority(server.pid, 10)
    } catch {
      // Not permitted here.
    }
    await expect
      .poll(
        async () => {
          try {
            return (await fetch(`${origin}/api/health`)).status
          } catch {
            return 0
          }
        },
        { timeout: 120_000, intervals: [250] },
      )
      .toBe(200)
  })

  test.afterAll(async () => {
    server?.kill('SIGTERM')
    if (workDir) await rm(workDir, { recursive: true, force: true })
  })

  test('build A, then build B deployed: the prompt appears, Reload shows B once, no loop', async ({
    browser,
  }, testInfo) => {
    const context: BrowserContext = await browser.newContext({
      baseURL: origin,
      viewport: { width: 1280, height: 800 },
    })
    try {
      const page = await context.newPage()
      const profile = new Profile(page)
      await profile.open()
      await waitForShell(page)
      const buildA = await page.locator('html').getAttribute('data-build')
      expect(buildA).not.toBe(BUILD_B)
      await waitForServiceWorker(page)
      // The first install claims the page without reloading it and offers no update.
      await expect(page.getByText('A new version is available')).toHaveCount(0)

      await deploy('B')
      // A plain reload still runs A: the waiting worker does not take over on its own.
      await page.reload()
      await expect(page.locator('html')).toHaveAttribute('data-build', buildA!)
      await page.evaluate(async () => {
        await (await navigator.serviceWorker.getRegistration())?.update()
      })
      const prompt = page.getByRole('region', { name: 'A new version is available' })
      await expect(prompt).toBeVisible({ timeout: 20_000 })
      await page.screenshot({ path: testInfo.outputPath('update-prompt-1280.png') })
      await page.setViewportSize({ width: 360, height: 740 })
      await page.screenshot({ path: testInfo.outputPath('update-prompt-360.png') })

      let navigations = 0
      page.on('framenavigated', (frame) => {
        if (frame === page.mainFrame()) navigations++
      })
      await prompt.getByRole('button', { name: 'Reload' }).click()
      await expect(page.locator('html')).toHaveAttribute('data-build', BUILD_B, { timeout: 20_000 })
      await expect(profile.heading).toBeVisible()
      await expect(page.getByText('A new version is available')).toHaveCount(0)
      // Once B's worker controls the page and no other worker is on its way, nothing can reload it again.
      await waitForSettledServiceWorker(page)
      expect(navigations).toBe(1)

      // B stays: another reload serves B from the new worker, with no prompt (none is waiting to offer).
      await page.reload()
      await expect(page.locator('html')).toHaveAttribute('data-build', BUILD_B)
      await waitForSettledServiceWorker(page)
      await expect(page.getByText('A new version is available')).toHaveCount(0)
    } finally {
      await context.close()
    }
  })
})
