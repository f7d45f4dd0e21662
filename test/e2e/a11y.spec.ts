import AxeBuilder from '@axe-core/playwright'
import type { APIRequestContext, Locator, Page } from '@playwright/test'
import {
  expect,
  FROM_OUR_PAGE,
  LENA,
  newEmail,
  Profile,
  SignInDialog,
  STREAM_PATH,
  Talk,
  test,
} from './fixtures'

/*
 * axe on every screen, at a laptop's and a phone's width: any serious or critical finding fails, listed
 * readably (the rule, why, the elements and how to fix them). One page per screen and width; the signed-in
 * screens share one sign-in. Moderate and minor findings are left to review.
 */

interface Finding {
  screen: string
  rule: string
  impact: string
  help: string
  helpUrl: string
  nodes: string[]
}

const BLOCKING = new Set(['serious', 'critical'])

/** Lets dialogs and sheets finish sliding in: a half-faded colour is no contrast verdict. */
async function settled(page: Page) {
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity),
  )
}

async function scan(page: Page, screen: string, ready: Locator, into: Finding[]) {
  await expect(ready).toBeVisible()
  await settled(page)
  const results = await new AxeBuilder({ page }).analyze()
  for (const v of results.violations) {
    if (!v.impact || !BLOCKING.has(v.impact)) continue
    into.push({
      screen,
      rule: v.id,
      impact: v.impact,
      help: v.help,
      helpUrl: v.helpUrl,
      nodes: v.nodes.map(
        (n) => `${n.target.join(' ')}\n        ${(n.failureSummary ?? '').replace(/\n/g, '\n        ')}`,
      ),
    })
  }
}

function report(findings: Finding[]): string {
  return findings
    .map(
      (f) =>
        `[${f.impact}] ${f.screen}: ${f.rule}: ${f.help}\n    ${f.helpUrl}\n${f.nodes.map((n) => `      - ${n}`).join('\n')}`,
    )
    .join('\n\n')
}

/** A conversation with one answer, made through the chat stream as the context's visitor. */
async function conversationWithAnswer(request: APIRequestContext): Promise<string> {
  const res = await request.post(STREAM_PATH, {
    data: { slug: LENA.slug, text: 'How late in the day can I drink coffee without hurting my sleep?' },
    headers: FROM_OUR_PAGE,
  })
  expect(res.ok()).toBe(true)
  const final = (await res.text())
    .split('\n\n')
    .filter((block) => block.startsWith('data: '))
    .map((block) => JSON.parse(block.slice(6)) as { message?: { conversationId: string } })
    .find((event) => event.message)
  return final!.message!.conversationId
}

for (const width of [1280, 390]) {
  test(`no serious or critical accessibility finding on any screen at ${width} px`, async ({
    page,
    signIn,
  }) => {
    test.setTimeout(150_000)
    await page.setViewportSize({ width, height: width < 600 ? 844 : 800 })
    const findings: Finding[] = []
    const at = (screen: string) => `${screen} (${width} px)`
    const heading = (name: string | RegExp) => page.getByRole('heading', { level: 1, name })
    const dialog = (name: string | RegExp) => page.getByRole('dialog', { name })

    // Signed out.
    const profile = new Profile(page)
    await profile.open()
    await scan(page, at('profile'), profile.heading, findings)

    await page.getByRole('button', { name: 'Log in' }).click()
    await scan(page, at('sign-in dialog'), dialog('Log in or sign up'), findings)
    await new SignInDialog(page).requestCode(newEmail('axe'))
    await scan(page, at('sign-in dialog, code step'), dialog('Check your email'), findings)

    const talk = new Talk(page)
    await talk.open()
    await scan(page, at('talk, start screen'), talk.prompt, findings)

    await page.goto(`/${LENA.slug}/talk?actions=menu`)
    await scan(page, at('action centre'), dialog('Actions'), findings)

    await page.goto('/explore')
    await expect(page.getByRole('link', { name: /Dr\. Lena Hart/ }).first()).toBeVisible()
    await scan(page, at('explore'), heading('Explore clones'), findings)

    for (const [path, title] of [
      ['/privacy-policy', 'Privacy Policy'],
      ['/terms-of-use', 'Terms of Use'],
    ] as const) {
      await page.goto(path)
      await scan(page, at(`info page ${path}`), heading(title), findings)
    }

    for (const screen of ['call', 'video']) {
      await page.goto(`/${LENA.slug}/${screen}`)
      await scan(page, at(`${screen} (coming soon)`), page.getByRole('main'), findings)
    }

    await page.goto('/no-such-clone')
    await scan(page, at('clone not found'), heading('Clone not found'), findings)

    // Signed in.
    await signIn()
    const conversationId = await conversationWithAnswer(page.request)
    await page.goto(`/${LENA.slug}/talk/conversation/${conversationId}`)
    await expect(talk.answers).toHaveCount(1)
    await scan(page, at('talk with an answer'), talk.prompt, findings)

    await page.getByRole('button', { name: 'History', exact: true }).click()
    await scan(page, at('history'), dialog('History'), findings)

    await page.goto(`/${LENA.slug}/talk/conversation/${conversationId}?actions=share`)
    await scan(page, at('share dialog'), dialog('Share Conversation'), findings)

    const shared = await page.request.post(`/api/clone/talk/conversations/${conversationId}/share`, {
      headers: FROM_OUR_PAGE,
    })
    expect(shared.ok()).toBe(true)
    const { shared: link } = (await shared.json()) as { shared: { url: string } }
    await page.goto(new URL(link.url).pathname)
    await expect(talk.answers).toHaveCount(1)
    await scan(
      page,
      at('shared conversation'),
      page.getByRole('textbox', { name: 'Continue this conversation' }),
      findings,
    )

    await page.goto('/billing')
    await scan(page, at('billing'), heading(/Billing/), findings)

    await page.goto(`/memberships/${LENA.slug}`)
    await scan(page, at('memberships'), page.getByRole('article', { name: 'Rested' }), findings)

    await page.goto(`/${LENA.slug}/talk?paywall=1`)
    const plans = page.getByRole('dialog').filter({ has: page.getByRole('radiogroup') })
    await scan(page, at('paywall dialog'), plans, findings)

    await plans.getByRole('article', { name: 'Rested' }).getByRole('button', { name: 'Subscribe' }).click()
    await scan(page, at('checkout (test mode)'), page.getByRole('button', { name: /^Pay \$9/ }), findings)

    expect(findings.length, `axe found serious or critical issues:\n\n${report(findings)}\n`).toBe(0)
  })
}
