import { type APIRequestContext, expect, LENA, newEmail, test } from './fixtures'

/*
 * 'Get a Text' (spec 1 §2 action centre, §4 'Text opt-in', §5, §7 greetUser, §8 'Text send'): a signed-in
 * visitor reaches the action centre from the talk header, verifies a phone number with a code sent by SMS,
 * ticks the consent box and gets the clone's greeting by SMS, here through the dev outbox.
 */

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')

/** The newest phone code the dev outbox holds for an E.164 number. */
async function phoneCodeFromOutbox(request: APIRequestContext, number: string): Promise<string> {
  const outbox = await (await request.get('/dev/outbox')).text()
  const code = new RegExp(`aria-label="Phone code for ${escapeRegExp(number)}">(\\d{6})<`).exec(outbox)?.[1]
  expect(code, `a phone code for ${number} in the dev outbox`).toMatch(/^\d{6}$/)
  return code!
}

test('Get a Text by SMS: verify the number with a code, consent, and the greeting arrives', async ({
  page,
  signIn,
}) => {
  await signIn({ email: newEmail('ada') })
  // A number nobody else verified in this run (each verification takes the number for its user).
  const local = String(1000 + Math.floor(Math.random() * 8999))
  const e164 = `+1415555${local}`

  await page.goto(`/${LENA.slug}/talk`)
  await page.getByRole('button', { name: 'More actions' }).click()
  const menu = page.getByRole('dialog', { name: 'Actions' })
  await menu.getByRole('button', { name: 'Get a Text' }).click()

  const dialog = page.getByRole('dialog', { name: `Text ${LENA.name}` })
  await expect(dialog.getByText('Select Platform')).toBeVisible()
  await dialog.getByRole('button', { name: 'SMS' }).click()

  // A wrong number is refused with the spec's text, and what was typed stays.
  const phone = dialog.getByLabel('Your phone number')
  await phone.fill('12')
  await dialog.getByRole('button', { name: 'Send code' }).click()
  await expect(dialog.getByText('Invalid Phone Number')).toBeVisible()
  await expect(phone).toHaveValue('12')

  await phone.fill(`(415) 555-${local}`)
  await dialog.getByRole('button', { name: 'Send code' }).click()
  const code = dialog.getByLabel('Six-digit code')
  await expect(code).toBeVisible()
  await code.fill(await phoneCodeFromOutbox(page.request, e164))
  await dialog.getByRole('button', { name: 'Verify' }).click()
  await expect(dialog.getByText('Verified')).toBeVisible()

  // SMS: Confirm waits for the consent box.
  const confirm = dialog.getByRole('button', { name: 'Confirm' })
  await expect(confirm).toBeDisabled()
  await dialog.getByRole('checkbox').click()
  await expect(confirm).toBeEnabled()
  await confirm.click()

  await expect(page.getByText('Message Sent')).toBeVisible()
  await expect(dialog.getByText(`${LENA.name} texts you from this number:`)).toBeVisible()

  // The greeting went out by SMS to the verified number.
  await expect
    .poll(async () => {
      const outbox = await (await page.request.get('/dev/outbox')).text()
      const entry = outbox
        .split('<li class="mail">')
        .find((m) => m.includes(`To <strong>${e164}</strong>`) && m.includes('Reply here any time'))
      return entry ? /· sms ·/.test(entry) : false
    })
    .toBe(true)
})
