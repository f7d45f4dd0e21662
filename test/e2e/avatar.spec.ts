import { writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import type { Page } from '@playwright/test'
import { chromiumArgs, findChromium } from '../support/browser'
import { makePng } from '../support/png'
import { expect, FROM_OUR_PAGE, LENA, newEmail, removeClone, signInThroughApi, test } from './fixtures'

/*
 * The talking local avatar (issue #26 part 1): on a local video call with Lena's seeded portrait (marked in
 * portrait-marks.ts) the mouth moves while the clone speaks its greeting and rests in the silence after it.
 * The visitor's microphone is silent, so the greeting is all the clone says.
 */

/** 30 s of silence as a microphone (48 kHz mono 16-bit WAV). */
function silentWav(): string {
  const samples = 48_000 * 30
  const wav = Buffer.alloc(44 + samples * 2)
  wav.write('RIFF', 0, 'ascii')
  wav.writeUInt32LE(36 + samples * 2, 4)
  wav.write('WAVEfmt ', 8, 'ascii')
  wav.writeUInt32LE(16, 16)
  wav.writeUInt16LE(1, 20)
  wav.writeUInt16LE(1, 22)
  wav.writeUInt32LE(48_000, 24)
  wav.writeUInt32LE(96_000, 28)
  wav.writeUInt16LE(2, 32)
  wav.writeUInt16LE(16, 34)
  wav.write('data', 36, 'ascii')
  wav.writeUInt32LE(samples * 2, 40)
  const file = path.join(tmpdir(), 'likeness-silence-30s.wav')
  writeFileSync(file, wav)
  return file
}

test.use({
  permissions: ['microphone', 'camera'],
  launchOptions: {
    executablePath: findChromium(),
    args: chromiumArgs([
      '--use-fake-device-for-media-stream',
      '--use-fake-ui-for-media-stream',
      '--autoplay-policy=no-user-gesture-required',
      `--use-file-for-fake-audio-capture=${silentWav()}`,
    ]),
  },
})

interface Sample {
  t: number
  level: number
  mouth: number
  /** A checksum of the canvas's pixels around the mouth. */
  pixels: number
}

/** Records the avatar's frames until the clone has spoken and then been silent for `silenceMs`. */
function recordFrames(page: Page, silenceMs: number, alreadySpoke = false): Promise<Sample[]> {
  return page.evaluate(
    ([silence, spokeBefore]) =>
      new Promise<Sample[]>((resolve, reject) => {
        const canvas = document.querySelector<HTMLCanvasElement>('canvas[data-testid="avatar-canvas"]')
        const ctx = canvas?.getContext('2d')
        const box = canvas?.dataset.mouthBox?.split(',').map(Number)
        if (!canvas || !ctx || !box || box.length !== 4) return reject(new Error('no talking avatar'))
        const [x, y, w, h] = box as [number, number, number, number]
        const samples: Sample[] = []
        let spoke = spokeBefore
        let quietSince: number | null = null
        const started = performance.now()
        const tick = (t: number) => {
          const data = ctx.getImageData(x, y, w, h).data
          let sum = 0
          for (let i = 0; i < data.length; i += 4)
            sum = (sum * 31 + (data[i] ?? 0) + (data[i + 1] ?? 0) * 3 + (data[i + 2] ?? 0) * 7) >>> 0
          const level = Number(canvas.dataset.level)
          const mouth = Number(canvas.dataset.mouth)
          samples.push({ t, level, mouth, pixels: sum })
          if (level > 0.2) spoke = true
          if (spoke && level < 0.01 && mouth === 0) quietSince ??= t
          else quietSince = null
          if (quietSince !== null && t - quietSince > silence) return resolve(samples)
          if (t - started > 40_000) return reject(new Error('the clone did not speak and fall silent'))
          requestAnimationFrame(tick)
        }
        requestAnimationFrame(tick)
      }),
    [silenceMs, alreadySpoke] as const,
  )
}

async function startLocalVideoCall(page: Page, slug = LENA.slug) {
  await page.goto(`/${slug}/video`)
  const start = page.getByRole('button', { name: 'Start Call' })
  // The button, not its place on the screen: the call screen's layout is not what this test is about.
  await start.dispatchEvent('click')
  const canvas = page.locator('canvas[data-testid="avatar-canvas"][data-face="true"]')
  await expect(canvas).toBeVisible({ timeout: 45_000 })
  return canvas
}

test.describe('the talking avatar', () => {
  test('with reduced motion, the pixels around the mouth change while the clone speaks and rest in silence', async ({
    page,
  }, testInfo) => {
    test.setTimeout(120_000)
    await page.emulateMedia({ reducedMotion: 'reduce' })
    const canvas = await startLocalVideoCall(page)
    const samples = await recordFrames(page, 1200)
    const speaking = samples.filter((s) => s.mouth > 0.05)
    const silent = samples.slice(samples.findLastIndex((s) => s.level >= 0.01 || s.mouth > 0) + 1)
    // A loaded machine may draw few frames: enough of each to compare.
    expect(speaking.length).toBeGreaterThanOrEqual(2)
    expect(silent.length).toBeGreaterThanOrEqual(2)
    // Speaking: the mouth opens, the pixels around it differ from the closed mouth's.
    const closed = silent[0]?.pixels
    expect(speaking.filter((s) => s.pixels !== closed).length).toBe(speaking.length)
    // Silent: the mouth is closed and (motion reduced, nothing else moves) its pixels hold still.
    expect(new Set(silent.map((s) => s.pixels)).size).toBe(1)
    await testInfo.attach('avatar-silent', { body: await canvas.screenshot(), contentType: 'image/png' })
    await page.getByRole('button', { name: 'End call' }).dispatchEvent('click')
  })

  test('the mouth follows the voice: open only while it is heard, closed in the silence after', async ({
    page,
  }, testInfo) => {
    test.setTimeout(120_000)
    const canvas = await startLocalVideoCall(page)
    // A frame mid-speech, for a look at the open mouth.
    await expect
      .poll(() => canvas.evaluate((c) => Number((c as HTMLCanvasElement).dataset.mouth)), { timeout: 20_000 })
      .toBeGreaterThan(0.3)
    const shot = await canvas.screenshot()
    await testInfo.attach('avatar-speaking', { body: shot, contentType: 'image/png' })
    if (process.env.AVATAR_SHOTS) writeFileSync(path.join(process.env.AVATAR_SHOTS, 'speaking.png'), shot)
    const samples = await recordFrames(page, 600, true)
    // Every frame with the mouth open by the speech's timing is a frame in which the clone's voice plays.
    const open = samples.filter((s) => s.mouth > 0.15)
    for (const frame of open) expect(frame.level).toBeGreaterThan(0)
    expect(samples.at(-1)?.mouth).toBe(0)
    await page.getByRole('button', { name: 'End call' }).dispatchEvent('click')
  })
})

test('a new creator marks the face of their own portrait in the studio, and their clone’s avatar talks with it', async ({
  page,
}, testInfo) => {
  test.setTimeout(150_000)
  await page.emulateMedia({ reducedMotion: 'reduce' })
  const id = crypto.randomUUID().slice(0, 6)
  const slug = `noor-marks-${id}`
  await signInThroughApi(page.request, { email: newEmail('noor') })
  const created = await page.request.post('/api/studio/clones', {
    data: { name: `Noor Marks ${id}`, slug },
    headers: FROM_OUR_PAGE,
  })
  expect(created.ok(), await created.text()).toBe(true)
  try {
    const { voices } = (await (await page.request.get('/api/studio/voices')).json()) as {
      voices: { id: string; language: string }[]
    }
    const opened = await page.request.patch(`/api/studio/${slug}/settings`, {
      data: { voiceId: voices.find((v) => v.language === 'en')!.id, allowVideo: true, public: true },
      headers: FROM_OUR_PAGE,
    })
    expect(opened.ok(), await opened.text()).toBe(true)

    // The portrait step: a picture, then its eyes and mouth.
    await page.goto(`/studio/${slug}/settings`)
    await page.getByLabel('Choose a picture').setInputFiles({
      name: 'noor.png',
      mimeType: 'image/png',
      buffer: makePng(120, 120),
    })
    await page
      .getByRole('dialog', { name: 'Crop the portrait' })
      .getByRole('button', { name: 'Use this portrait' })
      .click()
    await expect(page.getByText('Portrait updated')).toBeVisible()
    await page.getByRole('button', { name: 'Mark the face' }).click()
    const dialog = page.getByRole('dialog', { name: 'Mark the eyes and mouth' })
    const mouth = dialog.getByRole('button', { name: /^Mouth: 50% across, 68% down$/ })
    await mouth.focus()
    await page.keyboard.press('Shift+ArrowDown')
    await expect(dialog.getByRole('button', { name: 'Mouth: 50% across, 73% down' })).toBeFocused()
    await dialog.screenshot({ path: testInfo.outputPath('face-marks.png') })
    await dialog.getByRole('button', { name: 'Save marks' }).click()
    await expect(page.getByText('Face marks saved')).toBeVisible()
    await expect(
      page.getByText('The face is marked: the video avatar blinks and speaks on this portrait.'),
    ).toBeVisible()

    // The clone's video call: the face of that portrait, its mouth moving while it greets, still after.
    await startLocalVideoCall(page, slug)
    const samples = await recordFrames(page, 1200)
    const speaking = samples.filter((s) => s.mouth > 0.05)
    const silent = samples.slice(samples.findLastIndex((s) => s.level >= 0.01 || s.mouth > 0) + 1)
    expect(speaking.length).toBeGreaterThanOrEqual(2)
    expect(silent.length).toBeGreaterThanOrEqual(2)
    const closed = silent[0]?.pixels
    expect(speaking.filter((s) => s.pixels !== closed).length).toBe(speaking.length)
    expect(new Set(silent.map((s) => s.pixels)).size).toBe(1)
    await page.screenshot({ path: testInfo.outputPath('marked-avatar.png') })
    await page.getByRole('button', { name: 'End call' }).dispatchEvent('click')
  } finally {
    await removeClone(page.request, slug)
  }
})
