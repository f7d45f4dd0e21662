import type { APIRequestContext, Page } from '@playwright/test'
import { chromiumArgs, findChromium } from '../support/browser'
import { speechWav } from '../support/speech-wav'
import { DEFAULT_TRANSCRIPT } from '../support/transcription-server'
import { expect, LENA, signInThroughApi, test } from './fixtures'

/*
 * A whole local call in Chromium (issue 12 'Done means'): the fake microphone says an eSpeak NG question
 * once (%noloop), the server transcribes it through the test transcription server (playwright.config.ts
 * sets TRANSCRIPTION_BASE_URL), the clone brain answers and the answer is voiced sentence by sentence.
 * The engine's performance marks (VOICE_MARKS) say when the answer's audio started playing.
 */

// What the test transcription server hears in any speech (playwright.config.ts runs it): say the same.
const QUESTION = DEFAULT_TRANSCRIPT
const questionWav = await speechWav(QUESTION, { trailingSilence: 2 })
const FAKE_MEDIA = ['--use-fake-device-for-media-stream', '--autoplay-policy=no-user-gesture-required']

const CALL_PATH = `/${LENA.slug}/call`

/** Remaining voice seconds from the usage API (spec 2 §3 'Usage object'); -1 unlimited. */
async function remainingVoiceSeconds(request: APIRequestContext): Promise<number> {
  const usage = await request.get(`/api/usage?slug=${LENA.slug}`)
  expect(usage.ok()).toBe(true)
  return ((await usage.json()) as { remaining: { voice_seconds: number } }).remaining.voice_seconds
}

const minutesText = (seconds: number) => {
  const count = Math.max(1, Math.floor(seconds / 60))
  return `${count} ${count === 1 ? 'minute' : 'minutes'}`
}

/** Records every status pill label the page shows, however briefly (Thinking may last a few hundred ms). */
async function recordStatuses(page: Page) {
  await page.addInitScript(() => {
    const seen = new Set<string>()
    ;(window as unknown as { __statuses: Set<string> }).__statuses = seen
    setInterval(() => {
      const text = document.body?.innerText ?? ''
      for (const label of ['Listening', 'Thinking', 'Talking'])
        if (new RegExp(`(^|\\n)${label}(\\n|$)`).test(text)) seen.add(label)
    }, 20)
  })
  return () => page.evaluate(() => [...(window as unknown as { __statuses: Set<string> }).__statuses])
}

const firstAudioMarks = (page: Page) =>
  page.evaluate(() => performance.getEntriesByName('voice:first-audio').length)

// One browser for the file (launch options force a worker of their own): its microphone says the question.
test.use({
  permissions: ['microphone'],
  launchOptions: {
    executablePath: findChromium(),
    args: chromiumArgs([
      ...FAKE_MEDIA,
      '--use-fake-ui-for-media-stream',
      `--use-file-for-fake-audio-capture=${questionWav}%noloop`,
    ]),
  },
})

test.describe('a local call with a speaking microphone', () => {
  test('the visitor asks aloud, the clone answers in its voice, the call ends and its transcript shows both sides', async ({
    page,
  }) => {
    test.setTimeout(90_000)
    await signInThroughApi(page.request)
    const before = await remainingVoiceSeconds(page.request)
    const statuses = await recordStatuses(page)

    await page.goto(CALL_PATH)
    // English is the default language (spec 2 §3); the picker shows while the call is idle.
    await expect(page.getByRole('combobox', { name: 'Language' })).toContainText('English')
    await page.getByRole('button', { name: 'Start a call' }).click()

    // The clone greets, listens, thinks, then talks: its answer's audio is playing (the first message is
    // no answer: only answers mark their first audio).
    const status = page.getByRole('status')
    await expect.poll(() => firstAudioMarks(page), { timeout: 30_000 }).toBe(1)
    await expect(status).toHaveText('Talking')
    expect(await statuses()).toEqual(expect.arrayContaining(['Listening', 'Thinking', 'Talking']))
    await expect(page.getByText('Live', { exact: true })).toBeVisible()

    // The countdown (spec 2 §5): whole minutes left, dropping as the call's seconds run.
    if (before === -1) await expect(page.getByText('Unlimited', { exact: true })).toBeVisible()
    else await expect(page.getByText(minutesText(before - 1), { exact: true })).toBeVisible()

    await page.getByRole('button', { name: 'End call' }).click()
    await expect(page.getByRole('heading', { name: 'Call Ended' })).toBeVisible()
    if (before !== -1) await expect.poll(() => remainingVoiceSeconds(page.request)).toBeLessThan(before)

    await page
      .getByRole('link', { name: 'View Transcript' })
      .or(page.getByRole('button', { name: 'View Transcript' }))
      .click()
    await expect(page).toHaveURL(new RegExp(`${CALL_PATH}/[0-9a-f-]{36}$`))
    await expect(page.getByText(QUESTION)).toBeVisible()
    // The clone's side: its answer as the call stored it, in a BROWSER_VOICE conversation.
    const conversationId = page.url().split('/').at(-1)
    const bundle = await page.request.get(`/api/calls/voice/by-conversation/${conversationId}`)
    expect(bundle.ok()).toBe(true)
    const { medium, messages, citations } = (await bundle.json()) as {
      medium: string
      messages: { id: string; sender: string; text: string }[]
      citations: { messageId: string; index: number }[]
    }
    expect(medium).toBe('BROWSER_VOICE')
    // The clone's first message opens the transcript; the answer is its last line.
    expect(messages[0]?.sender).toBe('CLONE')
    const answer = messages.filter((m) => m.sender === 'CLONE').at(-1)
    expect(answer?.text.length).toBeGreaterThan(0)
    // The transcript shows the answer as the chat does: its opening words (up to its first marker), and
    // every marker [n] as the clickable label of its source, never the raw '[n]'.
    const opening = answer!.text
      .split(/\[\d+\]/)[0]!
      .split(/\s+/)
      .filter(Boolean)
      .slice(0, 4)
      .join(' ')
    const line = page.locator('.call-transcript__line').filter({ hasText: opening })
    await expect(line).toHaveCount(1)
    await expect(line).not.toContainText(/\[\d+\]/)
    const cited = new Set(
      [...answer!.text.matchAll(/\[(\d+)\]/g)]
        .map((m) => Number(m[1]))
        .filter((n) => citations.some((c) => c.messageId === answer!.id && c.index === n)),
    )
    for (const n of cited)
      await expect(line.getByRole('button', { name: `Source ${n}` }).first()).toBeVisible()
  })
})

test('a denied microphone asks to enable it, with Try Again', async ({ page }) => {
  // The visitor answers the browser's prompt with "Block": getUserMedia rejects with NotAllowedError. (Headless
  // Chromium with the fake device grants the microphone whatever the launch flags say, so the refusal is
  // made in the page, exactly as the browser delivers it.)
  await page.addInitScript(() => {
    navigator.mediaDevices.getUserMedia = () =>
      Promise.reject(new DOMException('Permission denied', 'NotAllowedError'))
  })
  await page.goto(CALL_PATH)
  await page.getByRole('button', { name: 'Start a call' }).click()
  await expect(page.getByText('Enable Microphone access to call', { exact: true })).toBeVisible()
  await expect(page.getByText('You can enable microphone access in your browser settings.')).toBeVisible()
  await expect(page.getByRole('button', { name: 'Try Again' })).toBeVisible()
})

test.describe('a local call with no call time left', () => {
  test('an anonymous visitor whose voice allowance is used up gets the paywall and no call starts', async ({
    page,
  }) => {
    // spec 2 §5 'Anonymous allowance ... kept in local storage': today's remaining seconds are 0.
    await page.addInitScript((slug) => {
      const now = new Date()
      const day = `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`
      localStorage.setItem(`likeness-anonymous-call-seconds:${slug}`, JSON.stringify({ seconds: 0, day }))
    }, LENA.slug)
    // spec 2 §4: the start is refused at once: the server is never asked to open a call.
    const callStarts: string[] = []
    page.on('request', (request) => {
      if (request.method() === 'POST' && new URL(request.url()).pathname === '/api/calls/voice')
        callStarts.push(request.url())
    })
    await page.goto(CALL_PATH)
    // The allowance is known (the countdown's least is 1 minute) before Start is pressed.
    await expect(page.getByText('1 minute', { exact: true }).first()).toBeVisible()
    await page.getByRole('button', { name: 'Start a call' }).click()
    // The paywall opens (signed out, it offers sign-in first) and no call starts.
    await expect(
      page.getByRole('dialog', { name: /Upgrade your membership|You've used up your available quota/ }),
    ).toBeVisible()
    await expect(page.getByRole('button', { name: 'End call' })).toHaveCount(0)
    expect(callStarts).toEqual([])
  })
})
