import { expect, Profile, test } from './fixtures'

/*
 * spec 1 §2 '/studio/{slug}/build/questions' (issue #15): the creator opens the studio from the account
 * menu (a new tab), adds a question, moves it and saves; the profile shows it; then she removes it again.
 * On a clone of the test's own with eight questions (the ownClone fixture): the profile spec reads the seeded
 * clones' questions, maybe at the same moment.
 */

const ADDED = `Do power naps help before an evening race? (${crypto.randomUUID().slice(0, 8)})`

test.use({
  ownCloneOptions: {
    name: 'Quinn Harbor',
    knowledge: [],
    questions: Array.from({ length: 8 }, (_, n) => `Seeded question number ${n + 1}?`),
  },
})

test('the creator adds a suggested question in the studio and the profile shows it', async ({
  page,
  signIn,
  ownClone,
}) => {
  // Two tabs, four page loads and two saves: beside another worker on two cores it can pass 30 s.
  test.setTimeout(60_000)
  await signIn({ email: ownClone.creatorEmail })
  const profile = new Profile(page, ownClone)
  await profile.open()
  await page.getByRole('button', { name: /^Account menu for / }).click()
  const [studio] = await Promise.all([
    page.context().waitForEvent('page'),
    page.getByRole('menuitem', { name: /Edit suggested questions/ }).click(),
  ])
  await expect(studio).toHaveURL(new RegExp(`/studio/${ownClone.slug}/build/questions$`))
  const list = studio.getByRole('list', { name: 'Suggested questions' })
  await expect(list.getByRole('textbox')).toHaveCount(8)
  const save = studio.getByRole('button', { name: 'Save' })
  await expect(save).toBeDisabled()

  await studio.getByRole('button', { name: 'Add question' }).click()
  const added = studio.getByRole('textbox', { name: 'Question 9' })
  await expect(added).toBeFocused()
  await added.fill(ADDED)
  await studio.getByRole('button', { name: 'Move question 9 up' }).click()
  await expect(studio.getByRole('textbox', { name: 'Question 8' })).toHaveValue(ADDED)
  await expect(studio.getByText('You have unsaved changes.')).toBeVisible()
  await save.click()
  await expect(studio.getByText('You have unsaved changes.')).toBeHidden()
  await expect(save).toBeDisabled()

  await profile.open()
  await page.getByRole('button', { name: 'Show 5 more' }).click()
  const cards = page.getByRole('region', { name: 'Suggested questions' }).getByRole('listitem')
  await expect(cards).toHaveCount(9)
  await expect(cards.nth(7)).toHaveText(ADDED)

  // Removing it again, in the studio: the profile is back as it was.
  await studio.reload()
  await expect(studio.getByRole('textbox', { name: 'Question 8' })).toHaveValue(ADDED)
  await studio.getByRole('button', { name: 'Remove question 8' }).click()
  await studio.getByRole('button', { name: 'Save' }).click()
  await expect(studio.getByText('You have unsaved changes.')).toBeHidden()
  await expect(studio.getByRole('list', { name: 'Suggested questions' }).getByRole('textbox')).toHaveCount(8)
  await profile.open()
  await page.getByRole('button', { name: 'Show 4 more' }).click()
  await expect(page.getByText(ADDED)).toHaveCount(0)
})
