import { expect, newEmail, STAFF_EMAIL, Talk, test } from './fixtures'

const QUESTION = 'How late in the day can I drink coffee without hurting my sleep?'
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/

const tools = (talk: Talk) => talk.answers.last().getByRole('toolbar', { name: 'Message tools' })

/** A new conversation with the talk screen's clone (Lena Hart's unless given): one question, its whole answer. */
async function askOnce(talk: Talk) {
  await talk.open()
  await talk.ask(QUESTION)
  await expect(talk.page).toHaveURL(/\/talk\/conversation\/[0-9a-f-]{36}$/)
  await expect(talk.answers).toHaveCount(1)
}

test.describe('creator command bar', () => {
  // A revision becomes a source of the clone and a tone note joins every later answer: on a clone of the
  // test's own, so the seeded clones answer the other specs as the seed wrote them.
  test('the creator revises an answer and adjusts the speaking style; the first message has no bar', async ({
    page,
    signIn,
    ownClone,
  }) => {
    await signIn({ email: ownClone.creatorEmail })
    const talk = new Talk(page, ownClone)
    await askOnce(talk)

    const bar = tools(talk)
    for (const name of ['Revise', 'Adjust tone', 'View citations', 'Read aloud']) {
      await expect(bar.getByRole('button', { name })).toBeVisible()
    }
    await expect(bar.getByRole('button', { name: 'Debug' })).toHaveCount(0)
    // The conversation's first message (the question) carries no tools.
    await expect(talk.questions.first().getByRole('toolbar')).toHaveCount(0)

    await bar.getByRole('button', { name: 'Revise' }).click()
    const revise = page.getByRole('dialog', { name: 'Revise answer' })
    const answer = revise.getByLabel('Improved answer')
    await answer.fill('')
    await expect(revise.getByRole('button', { name: 'Train' })).toBeDisabled()
    await answer.fill(
      'Stop caffeine about eight hours before bed; for most people that means by early afternoon.',
    )
    await revise.getByRole('button', { name: 'Train' }).click()
    await expect(
      page.getByText(
        'Likeness updated! New messages will have improved responses in new conversations after training which can take some time.',
      ),
    ).toBeVisible()
    await expect(revise).toBeHidden()

    await bar.getByRole('button', { name: 'Adjust tone' }).click()
    const tone = page.getByRole('dialog', { name: 'Adjust Speaking Style' })
    await expect(tone.getByRole('button', { name: 'Adjust' })).toBeDisabled()
    await tone.getByLabel('Instructions').fill('Keep it warm and give one practical next step.')
    await tone.getByRole('button', { name: 'Adjust' }).click()
    await expect(page.getByText('Speaking style adjusted.')).toBeVisible()

    await bar.getByRole('button', { name: 'View citations' }).click()
    await expect(page.getByRole('dialog', { name: 'Sources' })).toBeVisible()
  })

  test('a signed-in consumer gets read aloud but not the creator’s tools', async ({ page, talk, signIn }) => {
    await signIn({ email: newEmail('consumer') })
    await askOnce(talk)
    await expect(tools(talk).getByRole('button', { name: 'Read aloud' })).toBeVisible()
    for (const name of ['Revise', 'Adjust tone', 'View citations', 'Debug']) {
      await expect(page.getByRole('button', { name })).toHaveCount(0)
    }
  })

  test('staff open the Debug Menu and copy its values', async ({ page, context, talk, signIn }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write'])
    await signIn({ email: STAFF_EMAIL })
    await askOnce(talk)
    await expect(tools(talk).getByRole('button', { name: 'Revise' })).toHaveCount(0)
    await tools(talk).getByRole('button', { name: 'Debug' }).click()

    const debug = page.getByRole('dialog', { name: 'Debug Menu' })
    await expect(debug.getByText('Sent By')).toBeVisible()
    await expect(debug.getByText('Clone', { exact: true })).toBeVisible()
    const citationCount = debug.getByText(/^\d+ citations?$/)
    await expect(citationCount).toBeVisible()
    const citations = Number.parseInt((await citationCount.textContent())!, 10)
    await expect(debug.getByText('No files')).toBeVisible()
    await expect(
      debug.getByText(/^[A-Z][a-z]{2} \d{1,2}(st|nd|rd|th) \d{4}, \d{1,2}:\d{2}:\d{2} (am|pm)$/),
    ).toBeVisible()
    await expect(debug.getByRole('button', { name: 'Copy Files' })).toBeDisabled()

    const clipboard = () => page.evaluate(() => navigator.clipboard.readText())
    await debug.getByRole('button', { name: 'Copy Message ID' }).click()
    await expect(page.getByText('Copied Message ID')).toBeVisible()
    expect(await clipboard()).toMatch(UUID)

    await debug.getByRole('button', { name: 'Copy Conversation ID' }).click()
    await expect(page.getByText('Copied Conversation ID')).toBeVisible()
    expect(page.url()).toContain(await clipboard())

    await debug.getByRole('button', { name: 'Copy Timestamp' }).click()
    await expect(page.getByText('Copied Timestamp (ISO-8601)')).toBeVisible()
    expect(new Date(await clipboard()).toISOString()).toBe(await clipboard())

    await debug.getByRole('button', { name: 'Copy Citations' }).click()
    await expect(page.getByText('Copied Citations')).toBeVisible()
    expect(JSON.parse(await clipboard())).toHaveLength(citations)

    await debug.getByRole('button', { name: 'Copy Sent By' }).click()
    await expect(page.getByText('Copied Sender')).toBeVisible()
    expect(await clipboard()).toBe('Clone')
  })
})

test.describe('action centre', () => {
  test('?actions=menu lists the entries the clone allows, then leaves the address', async ({ page }) => {
    await page.goto('/lena-hart/talk?actions=menu')
    const menu = page.getByRole('dialog', { name: 'Actions' })
    await expect(menu).toBeVisible()
    const entries = menu.getByRole('listitem')
    await expect(entries).toHaveText([
      'Share Conversation',
      'View Socials',
      'Get a Text',
      'Log in or sign up',
      'Give feedback',
    ])
    await expect(page).not.toHaveURL(/actions=/)

    await menu.getByRole('button', { name: 'View Socials' }).click()
    const socials = page.getByRole('dialog', { name: 'View Socials' })
    await expect(socials.getByText('Follow on Instagram')).toBeVisible()
    await expect(socials.getByRole('link').first()).toHaveAttribute('target', '_blank')
    await page.keyboard.press('Escape')

    // No socials, no text media, no e-mail required: only sharing and feedback remain.
    await page.goto('/tomas-rivera/talk?actions=menu')
    await expect(page.getByRole('dialog', { name: 'Actions' }).getByRole('listitem')).toHaveText([
      'Share Conversation',
      'Give feedback',
    ])
  })

  test('?actions=share outside a conversation says there is none', async ({ page }) => {
    await page.goto('/lena-hart/talk?actions=share')
    await expect(page.getByText('No conversation ID found.')).toBeVisible()
    await expect(page).not.toHaveURL(/actions=/)
  })

  test('?actions=text offers the enabled platforms and asks a visitor to log in first', async ({ page }) => {
    await page.goto('/lena-hart/talk?actions=text')
    const dialog = page.getByRole('dialog', { name: 'Text Dr. Lena Hart' })
    await expect(dialog.getByText('Select Platform')).toBeVisible()
    await expect(dialog.getByRole('button', { name: 'Telegram' })).toHaveCount(0)
    await dialog.getByRole('button', { name: 'WhatsApp' }).click()
    await expect(dialog.getByText('You need to be logged in first.')).toBeVisible()
    await dialog.getByRole('button', { name: 'Back' }).click()
    await expect(dialog.getByRole('button', { name: 'SMS' })).toBeVisible()
  })

  test('?actions=feedback sends feedback', async ({ page }) => {
    await page.goto('/lena-hart/talk?actions=feedback')
    const form = page.getByRole('dialog', { name: 'Give feedback' })
    const send = form.getByRole('button', { name: 'Send feedback' })
    await expect(send).toBeDisabled()
    await form.getByLabel('Subject').fill('Coffee answer')
    await form.getByLabel('Feedback', { exact: true }).fill('Clear and useful, thank you.')
    await expect(form.getByText('28/1000')).toBeVisible()
    await expect(send).toBeEnabled()
    const sent = page.waitForResponse((r) => r.url().endsWith('/api/feedback'))
    await send.click()
    expect((await sent).status()).toBe(201)
    await expect(page.getByText('Feedback sent')).toBeVisible()
    await expect(form).toBeHidden()
  })
})

test.describe('read aloud', () => {
  test('plays an answer in the clone’s voice and stops it', async ({ page, talk }) => {
    await askOnce(talk)
    const button = tools(talk).getByRole('button', { name: 'Read aloud' })
    const speech = page.waitForResponse((r) => r.url().endsWith('/api/tts'))
    await button.click()
    const response = await speech
    expect(response.status()).toBe(200)
    expect(response.headers()['content-type']).toBe('audio/wav')
    const stop = tools(talk).getByRole('button', { name: 'Stop reading aloud' })
    await expect(stop).toBeVisible()
    await stop.click()
    await expect(tools(talk).getByRole('button', { name: 'Read aloud' })).toBeVisible()
  })
})
