import { execFile } from 'node:child_process'
import { existsSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import type { APIRequestContext } from '@playwright/test'
import { chromiumArgs, findChromium } from '../support/browser'
import { expect, FROM_OUR_PAGE, newEmail, removeClone, signInThroughApi, test } from './fixtures'

/*
 * Issue #26 part 2: a creator gives a NEW clone (not a seeded one) another voice, a word's pronunciation and
 * its first message in the studio, and the next call opens with that message in that voice: the call's
 * first speech is the message, and its audio is, byte for byte, what eSpeak NG says in the chosen voice
 * with that pronunciation (and not what the previous voice says).
 */

// A silent microphone: nothing the visitor "says" may cut the first message short.
const silence = path.join(tmpdir(), 'likeness-silence-12s.wav')
if (!existsSync(silence))
  await promisify(execFile)('sox', ['-n', '-r', '48000', '-c', '1', '-b', '16', silence, 'trim', '0', '12'])

test.use({
  permissions: ['microphone'],
  launchOptions: {
    executablePath: findChromium(),
    args: chromiumArgs([
      '--use-fake-device-for-media-stream',
      '--use-fake-ui-for-media-stream',
      '--autoplay-policy=no-user-gesture-required',
      `--use-file-for-fake-audio-capture=${silence}`,
    ]),
  },
})

interface Voice {
  id: string
  label: string
  language: string
}

const preview = async (request: APIRequestContext, data: Record<string, unknown>) => {
  const res = await request.post('/api/studio/voice-preview', { data, headers: FROM_OUR_PAGE })
  expect(res.ok(), await res.text()).toBe(true)
  return res.body()
}

test('a creator changes the voice, a pronunciation and the first message, and hears them in the next call', async ({
  page,
}) => {
  test.setTimeout(90_000)
  const id = crypto.randomUUID().slice(0, 6)
  const slug = `rae-quill-${id}`
  await signInThroughApi(page.request, { email: newEmail('rae') })
  const created = await page.request.post('/api/studio/clones', {
    data: { name: `Rae Quill ${id}`, slug, headline: 'Calligrapher' },
    headers: FROM_OUR_PAGE,
  })
  expect(created.ok(), await created.text()).toBe(true)
  try {
    const { voices } = (await (await page.request.get('/api/studio/voices')).json()) as { voices: Voice[] }
    const english = voices.filter((v) => v.language === 'en')
    expect(english.length).toBeGreaterThan(1)
    const [before, after] = english as [Voice, Voice]
    const opened = await page.request.patch(`/api/studio/${slug}/settings`, {
      data: { voiceId: before.id, allowVoice: true, public: true },
      headers: FROM_OUR_PAGE,
    })
    expect(opened.ok(), await opened.text()).toBe(true)

    // The studio: another voice in 'Language and voice', then the call voice's word and first message.
    await page.goto(`/studio/${slug}/settings`)
    await page.getByLabel('Voice', { exact: true }).selectOption(after.id)
    await page.getByRole('button', { name: 'Save changes' }).click()
    await expect(page.getByText('Settings saved')).toBeVisible()

    const message = `Welcome to the Quill studio ${id.replace(/\d/g, '')}. Ask me about lettering.`
    const callVoice = page.getByRole('form', { name: 'Call voice' })
    await callVoice.getByRole('button', { name: 'Add a word' }).click()
    const word = callVoice.getByRole('textbox', { name: 'Word', exact: true })
    await expect(word).toBeFocused()
    await word.fill('Quill')
    await expect(callVoice.getByText('Say how it sounds.')).toBeVisible()
    await callVoice.getByRole('textbox', { name: 'Say it as', exact: true }).fill('kwilla')
    await expect(callVoice.getByText('Say how it sounds.')).toBeHidden()
    await callVoice.getByRole('textbox', { name: 'First message in English' }).fill(message)
    const [heard] = await Promise.all([
      page.waitForResponse((r) => r.url().endsWith('/api/studio/voice-preview')),
      callVoice.getByRole('button', { name: 'Hear the first message in English' }).click(),
    ])
    expect(heard.status()).toBe(200)
    await page.screenshot({ path: test.info().outputPath('call-voice.png'), fullPage: true })
    await callVoice.getByRole('button', { name: 'Save call voice' }).click()
    await expect(page.getByText('Call voice saved')).toBeVisible()
    await expect(callVoice.getByRole('button', { name: 'Save call voice' })).toBeDisabled()

    // The next call opens with that message, spoken in that voice, with that word said that way.
    await page.goto(`/${slug}/call`)
    const firstSpeech = page.waitForResponse(
      (r) => /\/api\/calls\/voice\/[0-9a-f-]{36}\/speech$/.test(r.url()) && r.request().method() === 'POST',
    )
    await page.getByRole('button', { name: 'Start a call' }).click()
    const speech = await firstSpeech
    expect(speech.status()).toBe(200)
    // Playwright hands back the page's own speech answer without its body (0 bytes): the call's speech
    // route says the same words again, while the call is open, for the bytes.
    const again = await page.request.post(speech.url(), { data: { text: message }, headers: FROM_OUR_PAGE })
    expect(again.ok(), await again.text()).toBe(true)
    const audio = await again.body()
    expect(audio.length).toBeGreaterThan(1000)
    expect(speech.request().postDataJSON()).toEqual({ text: message })
    // The clone is talking: the message is playing (a few seconds of speech).
    await expect(page.getByRole('status')).toHaveText('Talking')

    const pronunciations = [{ word: 'Quill', kind: 'respelling', say: 'kwilla' }]
    const inChosenVoice = await preview(page.request, {
      language: 'en',
      voiceId: after.id,
      text: message,
      pronunciations,
    })
    expect(audio.equals(inChosenVoice)).toBe(true)
    const inPreviousVoice = await preview(page.request, {
      language: 'en',
      voiceId: before.id,
      text: message,
      pronunciations,
    })
    expect(audio.equals(inPreviousVoice)).toBe(false)
    const withoutTheWord = await preview(page.request, { language: 'en', voiceId: after.id, text: message })
    expect(audio.equals(withoutTheWord)).toBe(false)

    await page.getByRole('button', { name: 'End call' }).click()
    await expect(page.getByRole('heading', { name: 'Call Ended' })).toBeVisible()
    // The transcript opens with it.
    await page
      .getByRole('link', { name: 'View Transcript' })
      .or(page.getByRole('button', { name: 'View Transcript' }))
      .click()
    await expect(page.locator('.call-transcript__line').first()).toContainText(message)
    await page.screenshot({ path: test.info().outputPath('first-message-transcript.png') })
  } finally {
    await removeClone(page.request, slug)
  }
})
