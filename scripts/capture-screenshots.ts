/**
 * `node --import tsx scripts/capture-screenshots.ts`: the web manifest's screenshots (Chromium's richer
 * install dialog), captured from the running app: the demo clone's profile, narrow (390x844 at 2x) and
 * wide (1280x800). Starts the server on a free port with a fresh database against the current web build
 * (built first when missing), writes renderer/public/screenshots/{narrow,wide}.png (committed).
 * Keep the sizes in pwa/vite.config.ts in step.
 */
import { execFileSync, spawn } from 'node:child_process'
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { chromium } from '@playwright/test'
import { chromiumArgs, findChromium } from '../test/support/browser'
import { freePort } from '../test/support/free-port'

const root = path.resolve(import.meta.dirname, '..')
const outDir = path.join(root, 'renderer/public/screenshots')
const webDist = path.join(root, 'dist/web')

if (!existsSync(path.join(webDist, 'index.html'))) {
  execFileSync(
    process.execPath,
    ['node_modules/vite/bin/vite.js', 'build', '--config', 'pwa/vite.config.ts'],
    {
      cwd: root,
      stdio: 'inherit',
    },
  )
}

const port = await freePort()
const origin = `http://127.0.0.1:${port}`
const dataDir = mkdtempSync(path.join(tmpdir(), 'likeness-screenshots-'))
const server = spawn(process.execPath, ['--import', 'tsx', 'server/index.ts'], {
  cwd: root,
  env: {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    WEB_DIST: webDist,
    LOG_LEVEL: 'warn',
  },
  stdio: 'ignore',
})

try {
  await waitForServer(`${origin}/api/health`)
  const browser = await chromium.launch({ executablePath: findChromium(), args: chromiumArgs() })
  mkdirSync(outDir, { recursive: true })
  const shots = [
    { file: 'narrow.png', viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, isMobile: true },
    { file: 'wide.png', viewport: { width: 1280, height: 800 }, deviceScaleFactor: 1, isMobile: false },
  ]
  for (const shot of shots) {
    // No service worker and light mode: the picture shows the product, not the shell's notices.
    const context = await browser.newContext({
      viewport: shot.viewport,
      deviceScaleFactor: shot.deviceScaleFactor,
      isMobile: shot.isMobile,
      hasTouch: shot.isMobile,
      colorScheme: 'light',
      serviceWorkers: 'block',
    })
    const page = await context.newPage()
    await page.goto(`${origin}/lena-hart`)
    await page.getByRole('heading', { level: 1, name: 'Dr. Lena Hart' }).waitFor()
    await page.getByRole('heading', { name: 'Suggested questions' }).waitFor()
    await page.evaluate(async () => {
      await document.fonts.ready
      await Promise.all([...document.images].map((img) => img.decode().catch(() => undefined)))
    })
    await page.screenshot({ path: path.join(outDir, shot.file) })
    const { width, height } = shot.viewport
    console.log(
      `renderer/public/screenshots/${shot.file} (${width * shot.deviceScaleFactor}x${height * shot.deviceScaleFactor})`,
    )
    await context.close()
  }
  await browser.close()
} finally {
  server.kill('SIGTERM')
  rmSync(dataDir, { recursive: true, force: true })
}

async function waitForServer(url: string) {
  const deadline = Date.now() + 120_000
  while (Date.now() < deadline) {
    try {
      if ((await fetch(url)).ok) return
    } catch {
      // not up yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250))
  }
  throw new Error(`The server did not answer ${url} in time.`)
}
