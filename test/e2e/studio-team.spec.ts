import type { Page } from '@playwright/test'
import {
  expect,
  FROM_OUR_PAGE,
  LENA_CREATOR_EMAIL,
  newEmail,
  SignInDialog,
  signInThroughApi,
  test,
} from './fixtures'

/*
 * Issue #16 'Run it': the creator invites a contributor by e-mail on the Team page; the invitee follows the
 * link from the mail, logs in with the code from the dev outbox and accepts; then the studio's pages are
 * theirs to read, but not to change: no invite form, and writes through the API are refused.
 */

/** The path of the newest invitation link mailed to an address (the dev outbox, newest first). */
async function invitationPathFor(page: Page, email: string): Promise<string> {
  const outbox = await (await page.request.get('/dev/outbox')).text()
  const at = outbox.indexOf(`To <strong>${email}</strong>`)
  expect(at, `a mail to ${email} in the dev outbox`).toBeGreaterThan(-1)
  const link = /https?:\/\/[^/\s]+(\/studio\/invite\/[0-9a-f]{64})/.exec(outbox.slice(at))?.[1]
  expect(link, 'an invitation link in the mail').toBeDefined()
  return link!
}

test('a contributor invited by e-mail joins the team and can read the studio but not change it', async ({
  page,
  browser,
}) => {
  // Two browsers, an invitation mail and the studio's pages: a long journey.
  test.setTimeout(60_000)
  const invitee = newEmail('contributor')
  await signInThroughApi(page.request, { email: LENA_CREATOR_EMAIL })
  const inviteeContext = await browser.newContext()
  const theirs = await inviteeContext.newPage()
  try {
    await page.goto('/studio/lena-hart/team')
    await expect(page.getByRole('heading', { name: 'Team', level: 1 })).toBeVisible()
    await page.getByLabel('E-mail address').fill(invitee)
    await page.getByRole('button', { name: 'Send invitation' }).click()
    await expect(page.getByText(`Invitation sent to ${invitee}`)).toBeVisible()
    await expect(page.getByRole('list', { name: 'Pending invitations' }).getByText(invitee)).toBeVisible()
    await expect(page.getByLabel('E-mail address')).toHaveValue('')

    // The invitee opens the mailed link, signed out: the page names the clone and asks to log in.
    await theirs.goto(await invitationPathFor(theirs, invitee))
    await expect(theirs.getByRole('heading', { name: 'Help run Dr. Lena Hart' })).toBeVisible()
    await theirs.getByRole('main').getByRole('button', { name: 'Log in' }).click()
    await new SignInDialog(theirs).signIn(invitee)
    await theirs.getByRole('button', { name: 'Accept invitation' }).click()

    await expect(theirs).toHaveURL(/\/studio\/lena-hart\/team$/)
    const members = theirs.getByRole('list', { name: 'Team members' })
    await expect(members.getByRole('listitem').filter({ hasText: invitee })).toContainText('Contributor')
    await expect(theirs.getByText('Only the creator can invite or remove people.')).toBeVisible()
    await expect(theirs.getByLabel('E-mail address')).toHaveCount(0)
    await expect(theirs.getByRole('button', { name: /Remove|Revoke/ })).toHaveCount(0)

    // The other studio pages open for them too, through the studio's navigation.
    await theirs.getByRole('navigation', { name: 'Studio' }).getByRole('link', { name: 'Leads' }).click()
    await expect(theirs.getByRole('heading', { name: 'Leads', level: 1 })).toBeVisible()
    await theirs
      .getByRole('navigation', { name: 'Studio' })
      .getByRole('link', { name: 'Memberships' })
      .click()
    await expect(theirs.getByText('Only the creator can change memberships and quotas.')).toBeVisible()
    await expect(theirs.getByRole('button', { name: 'New membership' })).toHaveCount(0)
    // They review the visitors' conversations; the settings are read-only, with no way to delete the clone.
    const studioNav = theirs.getByRole('navigation', { name: 'Studio' })
    await studioNav.getByRole('link', { name: 'Conversations' }).click()
    await expect(theirs.getByRole('heading', { name: 'Conversations', level: 1 })).toBeVisible()
    await studioNav.getByRole('link', { name: 'Settings' }).click()
    await expect(theirs.getByLabel('Name', { exact: true })).toHaveValue('Dr. Lena Hart')
    await expect(theirs.getByLabel('Name', { exact: true })).not.toBeEditable()
    await expect(theirs.getByRole('button', { name: 'Delete clone' })).toHaveCount(0)

    // Writes through the API are refused: a membership, the paywall, the clone itself.
    const plans = (await (await theirs.request.get('/api/studio/lena-hart/memberships')).json()) as {
      memberships: { id: string; name: string }[]
    }
    const [first] = plans.memberships
    const patch = await theirs.request.patch(`/api/studio/lena-hart/memberships/${first!.id}`, {
      data: { name: 'Taken over' },
      headers: FROM_OUR_PAGE,
    })
    expect(patch.status()).toBe(404)
    const removal = await theirs.request.delete('/api/studio/lena-hart', {
      data: { confirmSlug: 'lena-hart' },
      headers: FROM_OUR_PAGE,
    })
    expect(removal.status()).toBe(404)
    const profile = (await (await page.request.get('/api/clones/lena-hart')).json()) as {
      name: string
      memberships: { name: string }[]
    }
    expect(profile.name).toBe('Dr. Lena Hart')
    expect(profile.memberships.map((m) => m.name)).toContain(first!.name)
  } finally {
    // Lena's team goes back to how the other specs expect it: the contributor, or the invitation if the
    // journey stopped before it was accepted.
    const team = (await (await page.request.get('/api/studio/lena-hart/team')).json()) as {
      members: { userId: string; email: string }[]
      invites: { id: string; email: string }[]
    }
    const added = team.members.find((m) => m.email === invitee)
    if (added) {
      await page.request.delete(`/api/studio/lena-hart/contributors/${added.userId}`, {
        headers: FROM_OUR_PAGE,
      })
    }
    for (const invite of team.invites.filter((i) => i.email === invitee))
      await page.request.delete(`/api/studio/lena-hart/invites/${invite.id}`, { headers: FROM_OUR_PAGE })
    await inviteeContext.close()
  }
})
