/**
 * `npm run screens -- <out-dir> [web-dist]`: screenshots of the main screens, to compare two builds by eye
 * and by pixel (a CSS or markup change must not move anything): the profile, the talk screen with an
 * answer and its sources, explore, the memberships page, billing with a membership, the cancellation
 * reasons, the sign-in dialog, the account menu and the action centre, at 1280 and 390 px wide, in light
 * mode with motion reduced. Starts the server on a free port with a fresh database against `web-dist`
 * (default dist/web). The same build gives the same pixels twice in a row.
 *
 * `npm run screens -- --compare <dir-a> <dir-b>` prints, per screen, how many pixels differ, and writes
 * the differences (red on a faded copy of b) to `<dir-b>/diff/`.
 */
import { spawn } from 'node:child_process'
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { type Browser, chromium, type Page } from '@playwright/test'
import { chromiumArgs, findChromium } from '../test/support/browser'
import { freePort } from '../test/support/free-port'

const root = path.resolve(import.meta.dirname, '..')
const args = process.argv.slice(2)

const VIEWPORTS = [
  { name: '1280', viewport: { width: 1280, height: 800 }, isMobile: false },
  { name: '390', viewport: { width: 390, height: 844 }, isMobile: true },
] as const

const QUESTION = 'How late in the day can I drink coffee without hurting my sleep?'

interface Screen {
  name: string
  signedIn?: boolean
  show: (page: Page) => Promise<void>
}

const SCREENS: Screen[] = [
  {
    name: 'profile',
    show: async (page) => {
      await page.goto('/lena-hart')
      await page.getByRole('heading', { name: 'Suggested questions' }).waitFor()
    },
  },
  {
    name: 'talk-answer',
    show: async (page) => {
      await page.goto('/lena-hart/talk')
      const prompt = page.getByRole('textbox', { name: 'Message Dr. Lena Hart' })
      await prompt.fill(QUESTION)
      await prompt.press('Enter')
      await page.getByRole('article', { name: 'Dr. Lena Hart', exact: true }).waitFor()
      await page.getByRole('article', { name: 'Dr. Lena Hart is replying' }).waitFor({ state: 'detached' })
      // The toast of a new conversation leaves after a while; keep it out of the picture.
      await page.waitForURL(/conversation/)
      await page.evaluate(() => document.querySelector('[data-sonner-toaster]')?.remove())
    },
  },
  {
    name: 'sources',
    show: async (page) => {
      await SCREENS[1]!.show(page)
      await page
        .getByRole('article', { name: 'Dr. Lena Hart', exact: true })
        .getByRole('button', { name: 'Source 1' })
        .first()
        .click()
      await page.getByRole('dialog', { name: 'Sources' }).waitFor()
    },
  },
  {
    name: 'explore',
    show: async (page) => {
      await page.goto('/explore')
      await page
        .getByRole('link', { name: /Dr\. Lena Hart/ })
        .first()
        .waitFor()
    },
  },
  {
    name: 'memberships',
    signedIn: true,
    show: async (page) => {
      await page.goto('/memberships/lena-hart')
      await page.getByRole('article', { name: 'Rested' }).getByRole('button', { name: 'Subscribe' }).waitFor()
    },
  },
  {
    name: 'billing',
    signedIn: true,
    show: async (page) => {
      await page.goto('/memberships/lena-hart')
      await page.getByRole('article', { name: 'Rested' }).getByRole('button', { name: 'Subscribe' }).click()
      await page.getByRole('button', { name: /^Pay \$9/ }).click()
      await page.getByRole('article', { name: 'Rested' }).getByRole('button', { name: 'Cancel' }).waitFor()
      await page.goto('/billing')
      await page.getByRole('switch', { name: 'Keep chatting past my plan' }).waitFor()
    },
  },
  {
    name: 'cancel-reasons',
    signedIn: true,
    show: async (page) => {
      await SCREENS.find((s) => s.name === 'billing')!.show(page)
      await page.goto('/memberships/lena-hart')
      await page.getByRole('article', { name: 'Rested' }).getByRole('button', { name: 'Cancel' }).click()
      const reasons = page.getByRole('dialog', { name: 'Why are you cancelling?' })
      await reasons.getByRole('checkbox', { name: 'It is too expensive' }).click()
    },
  },
  {
    name: 'sign-in',
    show: async (page) => {
      await page.goto('/lena-hart')
      await page.getByRole('heading', { name: 'Suggested questions' }).waitFor()
      await page.getByRole('button', { name: 'Log in' }).first().click()
      await page.getByRole('dialog', { name: 'Log in or sign up' }).waitFor()
    },
  },
  {
    name: 'account-menu',
    signedIn: true,
    show: async (page) => {
      await page.goto('/lena-hart')
      await page.getByRole('heading', { name: 'Suggested questions' }).waitFor()
      await page.getByRole('button', { name: /^Account menu for / }).click()
      await page.getByRole('menu').waitFor()
    },
  },
  {
    name: 'actions',
    show: async (page) => {
      await page.goto('/lena-hart/talk?actions=menu')
      await page.getByRole('dialog', { name: 'Actions' }).waitFor()
    },
  },
]

async function capture(outDir: string, webDist: string) {
  const port = await freePort()
  const origin = `http://127.0.0.1:${port}`
  const dataDir = mkdtempSync(path.join(tmpdir(), 'likeness-screens-'))
  const server = spawn(process.execPath, ['--import', 'tsx', 'server/index.ts'], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      WEB_DIST: webDist,
      NODE_ENV: 'development',
      LOG_LEVEL: 'warn',
      BRAIN_TOKEN_DELAY_MS: '1',
      AUTH_CODES_PER_IP: '1000',
      // Sign-in goes through the API here, without the renderer's bot-protection token (issue #27).
      BOT_CHECK: 'off',
    },
    stdio: 'ignore',
  })
  try {
    await waitForServer(`${origin}/api/health`)
    const browser = await chromium.launch({ executablePath: findChromium(), args: chromiumArgs() })
    mkdirSync(outDir, { recursive: true })
    for (const { name: size, viewport, isMobile } of VIEWPORTS) {
      for (const screen of SCREENS) {
        const context = await browser.newContext({
          baseURL: origin,
          viewport,
          isMobile,
          hasTouch: isMobile,
          colorScheme: 'light',
          reducedMotion: 'reduce',
          serviceWorkers: 'block',
        })
        if (screen.signedIn) await signIn(context.request, `screens.${screen.name}.${size}@example.com`)
        const page = await context.newPage()
        await screen.show(page)
        await settle(page)
        const file = path.join(outDir, `${screen.name}-${size}.png`)
        await page.screenshot({ path: file, caret: 'hide', animations: 'disabled' })
        console.log(path.relative(root, file))
        await context.close()
      }
    }
    await browser.close()
  } finally {
    server.kill('SIGTERM')
    rmSync(dataDir, { recursive: true, force: true })
  }
}

async function settle(page: Page) {
  await page.evaluate(async () => {
    await document.fonts.ready
    await Promise.all([...document.images].map((img) => img.decode().catch(() => undefined)))
    ;(document.activeElement as HTMLElement | null)?.blur?.()
  })
  await page.mouse.move(0, 0)
  // Two frames: the last layout and paint after the images decoded.
  await page.evaluate(
    () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
  )
}

async function signIn(request: import('@playwright/test').APIRequestContext, email: string) {
  const sent = await request.post('/api/auth/code', { data: { email } })
  if (!sent.ok()) throw new Error(await sent.text())
  const outbox = await (await request.get('/dev/outbox')).text()
  const code = new RegExp(`aria-label="Sign-in code for ${email.replace(/\./g, '\\.')}">(\\d{6})<`).exec(
    outbox,
  )?.[1]
  const verified = await request.post('/api/auth/verify', { data: { email, code } })
  if (!verified.ok()) throw new Error(await verified.text())
}

async function compare(a: string, b: string) {
  const browser: Browser = await chromium.launch({ executablePath: findChromium(), args: chromiumArgs() })
  const page = await browser.newPage()
  const diffDir = path.join(b, 'diff')
  mkdirSync(diffDir, { recursive: true })
  let changed = 0
  for (const file of readdirSync(a).filter((f) => f.endsWith('.png'))) {
    const dataUrl = (dir: string) =>
      `data:image/png;base64,${readFileSync(path.join(dir, file)).toString('base64')}`
    let other: string
    try {
      other = dataUrl(b)
    } catch {
      console.log(`${file}: missing in ${b}`)
      changed += 1
      continue
    }
    const result = (await page.evaluate(`(${PIXEL_DIFF})(${JSON.stringify([dataUrl(a), other])})`)) as {
      differing: number
      total: number
      sameSize: boolean
      png: string
    }
    if (result.differing > 0) {
      changed += 1
      writeFileSync(path.join(diffDir, file), Buffer.from(result.png, 'base64'))
    }
    const share = ((result.differing / result.total) * 100).toFixed(3)
    console.log(
      `${file.padEnd(24)} ${String(result.differing).padStart(7)} px differ (${share}%)${result.sameSize ? '' : ', sizes differ'}`,
    )
  }
  await browser.close()
  console.log(changed === 0 ? 'No screen changed.' : `${changed} screen(s) changed: see ${diffDir}`)
}

/** Runs in the page (a string, so the script runner's helpers stay out of it): red where a and b differ. */
const PIXEL_DIFF = `async ([srcA, srcB]) => {
  const load = (src) => new Promise((resolve, reject) => {
    const img = new Image()
    img.onload = () => resolve(img)
    img.onerror = reject
    img.src = src
  })
  const [imgA, imgB] = await Promise.all([load(srcA), load(srcB)])
  const width = Math.max(imgA.width, imgB.width)
  const height = Math.max(imgA.height, imgB.height)
  const pixels = (img) => {
    const canvas = new OffscreenCanvas(width, height)
    const ctx = canvas.getContext('2d')
    ctx.drawImage(img, 0, 0)
    return ctx.getImageData(0, 0, width, height).data
  }
  const pa = pixels(imgA)
  const pb = pixels(imgB)
  const out = new ImageData(width, height)
  let differing = 0
  for (let i = 0; i < pa.length; i += 4) {
    const delta = Math.abs(pa[i] - pb[i]) + Math.abs(pa[i + 1] - pb[i + 1]) + Math.abs(pa[i + 2] - pb[i + 2])
    if (delta > 24) {
      differing += 1
      out.data.set([255, 0, 0, 255], i)
    } else {
      const grey = 200 + (pb[i] + pb[i + 1] + pb[i + 2]) / 15
      out.data.set([grey, grey, grey, 255], i)
    }
  }
  const canvas = new OffscreenCanvas(width, height)
  canvas.getContext('2d').putImageData(out, 0, 0)
  const bytes = new Uint8Array(await (await canvas.convertToBlob({ type: 'image/png' })).arrayBuffer())
  let binary = ''
  for (const byte of bytes) binary += String.fromCharCode(byte)
  const sameSize = imgA.width === imgB.width && imgA.height === imgB.height
  return { differing, total: width * height, sameSize, png: btoa(binary) }
}`

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

if (args[0] === '--compare') {
  await compare(path.resolve(args[1]!), path.resolve(args[2]!))
} else {
  await capture(path.resolve(args[0] ?? 'screens'), path.resolve(args[1] ?? path.join(root, 'dist/web')))
}
