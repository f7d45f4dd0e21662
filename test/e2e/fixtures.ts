import { mkdir, rm, stat } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import {
  type APIRequestContext,
  test as base,
  expect,
  type Locator,
  type Page,
  type Request,
} from '@playwright/test'
import { botTokenFor } from '../support/bot-token'

/*
 * The end-to-end specs' shared steps: signing in through the dev outbox, the talk screen of a clone as a
 * page object (open it, send a message, wait for the whole answer), and reading the offline store.
 * Specs import `test` and `expect` from here instead of from @playwright/test.
 */

export { expect }

/** A seeded clone (server/seed/data): its address and the name its screens show. */
export interface Clone {
  slug: string
  name: string
}

export const LENA: Clone = { slug: 'lena-hart', name: 'Dr. Lena Hart' }
export const TOMAS: Clone = { slug: 'tomas-rivera', name: 'Chef Tomás Rivera' }

/** Seeded accounts (server/seed/data/users.ts). */
export const LENA_CREATOR_EMAIL = 'lena@likeness.test'
export const STAFF_EMAIL = 'staff@likeness.test'

/** An address nobody has used yet; `who` names the spec's person, and is the account menu's name. */
export const newEmail = (who: string) => `${who}.${crypto.randomUUID().slice(0, 12)}@example.com`

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')

/** The newest sign-in code the dev outbox (/dev/outbox, outside production only) holds for an address. */
export async function codeFromOutbox(request: APIRequestContext, email: string): Promise<string> {
  const outbox = await request.get('/dev/outbox')
  expect(outbox.ok()).toBe(true)
  // Newest first: the first code labelled for the address is the live one.
  const code = new RegExp(`aria-label="Sign-in code for ${escapeRegExp(email)}">(\\d{6})<`).exec(
    await outbox.text(),
  )?.[1]
  expect(code, `a sign-in code for ${email} in the dev outbox`).toMatch(/^\d{6}$/)
  return code!
}

/** A lock older than this was left by a test that timed out in the middle of its sign-in: it is taken over. */
const STALE_SIGN_IN_LOCK_MS = 45_000

/**
 * Runs one sign-in to an address at a time across the run's workers. A code belongs to the visitor that
 * asked for it, and the dev outbox lists an address's codes without saying whose: two tests signing in to
 * the same seeded account at once (lena@, staff@) could each read the other's code and be refused. A lock
 * directory per address (mkdir is atomic) in the run's own folder; addresses of one test never wait.
 */
export async function oneSignInAtATime<T>(email: string, signIn: () => Promise<T>): Promise<T> {
  const root = path.join(tmpdir(), `likeness-e2e-sign-in-${process.env.E2E_PORT ?? 'local'}`)
  const lock = path.join(root, encodeURIComponent(email.toLowerCase()))
  await mkdir(root, { recursive: true })
  await expect
    .poll(
      async () => {
        try {
          await mkdir(lock)
          return true
        } catch (error) {
          if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error
          const held = await stat(lock).catch(() => null)
          if (held && Date.now() - held.mtimeMs > STALE_SIGN_IN_LOCK_MS)
            await rm(lock, { recursive: true, force: true })
          return false
        }
      },
      { message: `the sign-in lock of ${email}`, timeout: 60_000, intervals: [50, 100, 250] },
    )
    .toBe(true)
  try {
    return await signIn()
  } finally {
    await rm(lock, { recursive: true, force: true })
  }
}

export interface SignInOptions {
  /** A new address unless given (a seeded account's address signs in as that account). */
  email?: string
  /** 'bearer' answers the session token instead of setting the cookie (how an embed signs in). */
  transport?: 'cookie' | 'bearer'
}

export interface SignedIn {
  email: string
  token?: string
}

/**
 * What a browser adds to a write from one of our pages. Playwright's request API sends no Origin, and the
 * server refuses a cookie-carrying write that names neither (server/auth/identity.ts).
 */
export const FROM_OUR_PAGE = { 'sec-fetch-site': 'same-origin' } as const

/**
 * Deletes a clone a spec created (through the API, as its danger zone would), whatever happened: other specs
 * read the directory. A clone already gone answers 404, which is fine.
 */
export async function removeClone(request: APIRequestContext, slug: string) {
  await request.delete(`/api/studio/${slug}`, { data: { confirmSlug: slug }, headers: FROM_OUR_PAGE })
}

/**
 * Signs in through the real endpoints: a code is sent, read from the dev outbox and verified. With the
 * page's `request`, the session cookie lands in the page's browser context.
 */
export async function signInThroughApi(
  request: APIRequestContext,
  { email = newEmail('e2e'), transport = 'cookie' }: SignInOptions = {},
): Promise<SignedIn> {
  // Not through the renderer: the bot-protection token is solved here (issue #27; none when signed in).
  const challenge = await request.get('/api/bot-check/challenge')
  expect(challenge.ok(), await challenge.text()).toBe(true)
  const botToken = await botTokenFor(await challenge.json())
  return oneSignInAtATime(email, async () => {
    const sent = await request.post('/api/auth/code', { data: { email, botToken }, headers: FROM_OUR_PAGE })
    expect(sent.ok(), await sent.text()).toBe(true)
    const code = await codeFromOutbox(request, email)
    const verified = await request.post('/api/auth/verify', {
      data: { email, code, transport },
      headers: FROM_OUR_PAGE,
    })
    expect(verified.ok(), await verified.text()).toBe(true)
    const { token } = (await verified.json()) as { token?: string }
    return { email, token }
  })
}

/** The sign-in dialog, driven as a person would: type the address, then the code from the mail. */
export class SignInDialog {
  readonly intro: Locator
  readonly codeStep: Locator

  constructor(readonly page: Page) {
    this.intro = page.getByRole('dialog', { name: 'Log in or sign up' })
    this.codeStep = page.getByRole('dialog', { name: 'Check your email' })
  }

  /** From the open dialog's first step to its code step, with the first slot focused. */
  async requestCode(email: string): Promise<Locator> {
    await expect(this.intro).toBeVisible()
    await this.intro.getByLabel('Email').fill(email)
    await this.intro.getByRole('button', { name: 'Continue with email' }).click()
    // The page solves the bot check's proof of work before it asks for the code (a person typing gives it
    // that time; a test fills at once): on two busy cores that alone has taken over 7.5 s.
    await expect(this.codeStep).toBeVisible({ timeout: 20_000 })
    // Focus moves to the first slot: typing fills the slots one by one.
    await expect(this.codeStep.getByLabel('Character 1 of 6')).toBeFocused()
    return this.codeStep
  }

  /** Types the address's newest code into the slots. */
  async enterCodeFromOutbox(email: string) {
    await this.page.keyboard.type(await codeFromOutbox(this.page.request, email))
  }

  /** The whole sign-in from the open dialog: address, code, dialog closed (one at a time per address). */
  async signIn(email: string) {
    await oneSignInAtATime(email, async () => {
      await this.requestCode(email)
      await this.enterCodeFromOutbox(email)
      await expect(this.codeStep).toBeHidden()
    })
  }
}

/** The chat stream every message goes through (server/routes/chat-stream.ts). */
export const STREAM_PATH = '/api/clone/talk/messages/stream'

export const isStreamRequest = (request: Request) =>
  request.method() === 'POST' && new URL(request.url()).pathname === STREAM_PATH

/**
 * Resolves with the next chat stream request the page makes, once it is over: read to its end, or let go
 * by the page (after the final event, or on Stop). Call it before the action that sends.
 */
export function nextStreamEnd(page: Page): Promise<Request> {
  return new Promise((resolve) => {
    let stream: Request | undefined
    const onRequest = (request: Request) => {
      if (!stream && isStreamRequest(request)) stream = request
    }
    const onEnd = (request: Request) => {
      if (request !== stream) return
      page.off('request', onRequest)
      page.off('requestfinished', onEnd)
      page.off('requestfailed', onEnd)
      resolve(request)
    }
    page.on('request', onRequest)
    page.on('requestfinished', onEnd)
    page.on('requestfailed', onEnd)
  })
}

/** A clone's talk screen: the prompt, the thread, and sending a message. */
export class Talk {
  readonly prompt: Locator
  /** The clone's finished answers. */
  readonly answers: Locator
  /** The visitor's messages. */
  readonly questions: Locator
  /** The answer still streaming in. */
  readonly streaming: Locator

  constructor(
    readonly page: Page,
    readonly clone: Clone = LENA,
  ) {
    this.prompt = page.getByRole('textbox', { name: `Message ${clone.name}` })
    this.answers = page.getByRole('article', { name: clone.name, exact: true })
    this.questions = page.getByRole('article', { name: 'Your message' })
    this.streaming = page.getByRole('article', { name: `${clone.name} is replying` })
  }

  /** Opens the talk screen (`search` as in '?actions=menu') and waits until the prompt takes text. */
  async open(search = '') {
    await this.page.goto(`/${this.clone.slug}/talk${search}`)
    await expect(this.prompt).toBeEditable()
  }

  /** Types a message and sends it with Enter; does not wait for an answer. */
  async send(text: string) {
    await this.prompt.fill(text)
    await this.prompt.press('Enter')
  }

  /** Sends a message and waits until its answer has streamed in full and shows as an answer. */
  async ask(text: string) {
    await this.answerTo(() => this.send(text))
  }

  /**
   * Runs `action` (which sends a message some way: the prompt, a suggested question, `?message=`) and
   * waits for the answer: the stream has ended and nothing is streaming any more. Independent of how
   * many messages the (virtualised) thread shows.
   */
  async answerTo(action: () => Promise<unknown>) {
    const streamEnd = nextStreamEnd(this.page)
    await action()
    await streamEnd
    await expect(this.streaming).toHaveCount(0)
  }
}

/** A clone's profile page. */
export class Profile {
  readonly heading: Locator
  /** The profile's prompt bar, which opens the talk screen with the typed message. */
  readonly prompt: Locator

  constructor(
    readonly page: Page,
    readonly clone: Clone = LENA,
  ) {
    this.heading = page.getByRole('heading', { level: 1, name: clone.name })
    this.prompt = page.getByRole('textbox', { name: `Message ${clone.name}` })
  }

  /** Opens the profile (`path` after the slug, as in '/clinic') and waits for its heading. */
  async open(path = '') {
    await this.page.goto(`/${this.clone.slug}${path}`)
    await expect(this.heading).toBeVisible()
  }
}

/** Whether the offline store (IndexedDB 'likeness-offline', renderer/src/features/offline) holds a key. */
function offlineEntryExists(page: Page, key: string): Promise<boolean> {
  return page.evaluate(
    (wanted) =>
      new Promise<boolean>((resolve) => {
        const open = indexedDB.open('likeness-offline')
        open.onerror = () => resolve(false)
        open.onsuccess = () => {
          const db = open.result
          if (!db.objectStoreNames.contains('keyval')) {
            db.close()
            return resolve(false)
          }
          const get = db.transaction('keyval').objectStore('keyval').get(wanted)
          get.onsuccess = () => {
            db.close()
            resolve(get.result !== undefined)
          }
          get.onerror = () => {
            db.close()
            resolve(false)
          }
        }
      }),
    key,
  )
}

/**
 * Waits until the offline store holds a key. (Not page.waitForFunction: it takes the promise an async
 * check returns for a truthy answer and stops at once.)
 */
export async function waitForOfflineEntry(page: Page, key: string) {
  await expect.poll(() => offlineEntryExists(page, key), { timeout: 10_000 }).toBe(true)
}

/** What a spec's own clone starts with (the `ownClone` fixture); `test.use({ ownCloneOptions: {...} })`. */
export interface OwnCloneOptions {
  /** The clone's first name; a random suffix makes the name and address its own. */
  name?: string
  /** Q&A pairs the clone is taught (read to 'ready' before the test starts): its answers cite them. */
  knowledge?: { question: string; answer: string }[]
  /** Its suggested questions, in order (none unless given). */
  questions?: string[]
}

/** A clone made for one test by a creator of its own (the `ownClone` fixture), deleted when the test ends. */
export interface OwnClone extends Clone {
  /** Its creator's address: `signIn({ email: ownClone.creatorEmail })` makes the test's page the creator. */
  creatorEmail: string
  /** The creator's own API context (signed in, cookies of its own): writes as the studio page would. */
  creator: APIRequestContext
}

/** What a new clone is taught by default: a sleep and a coffee answer, so the specs' usual questions cite. */
export const OWN_CLONE_KNOWLEDGE = [
  {
    question: 'How much sleep do I need?',
    answer:
      'Most adults need seven to nine hours of sleep a night; a regular bedtime helps more than a long lie-in.',
  },
  {
    question: 'How late in the day can I drink coffee without hurting my sleep?',
    answer: 'Keep coffee to the morning: caffeine lingers for hours, so stop about eight hours before bed.',
  },
]

/**
 * Makes a clone that belongs to one test: a new creator signs in (in an API context of its own), creates a
 * public clone requiring an e-mail, as the seeded lena-hart does, teaches it `knowledge` and gives it
 * `questions`. Specs that change a clone (announcements, suggested questions, revisions, tone, embeds) do
 * it here and never on a seeded clone, which other specs, in the other worker, read at the same moment.
 */
export async function createOwnClone(
  request: APIRequestContext,
  { name = 'Iris Vale', knowledge = OWN_CLONE_KNOWLEDGE, questions = [] }: OwnCloneOptions = {},
): Promise<Omit<OwnClone, 'creator'>> {
  const id = crypto.randomUUID().slice(0, 8)
  const fullName = `${name} ${id}`
  const slug = `${name.toLowerCase().replace(/[^a-z0-9]+/g, '-')}-${id}`
  const { email } = await signInThroughApi(request, { email: newEmail('creator') })
  const created = await request.post('/api/studio/clones', {
    data: { name: fullName, slug, headline: 'A clone of one test' },
    headers: FROM_OUR_PAGE,
  })
  expect(created.ok(), await created.text()).toBe(true)
  // An English eSpeak voice, as the seeded clones have one: answers can be read aloud.
  const { voices } = (await (await request.get('/api/studio/voices')).json()) as {
    voices: { id: string; language: string }[]
  }
  const voiceId = voices.find((v) => v.language === 'en')?.id ?? null
  const opened = await request.patch(`/api/studio/${slug}/settings`, {
    data: { public: true, voiceId, options: { requireEmail: true } },
    headers: FROM_OUR_PAGE,
  })
  expect(opened.ok(), await opened.text()).toBe(true)
  for (const pair of knowledge) {
    const added = await request.post(`/api/studio/${slug}/sources/qa`, { data: pair, headers: FROM_OUR_PAGE })
    expect(added.status(), await added.text()).toBe(201)
  }
  if (knowledge.length > 0) {
    await expect
      .poll(
        async () => {
          const { sources } = (await (await request.get(`/api/studio/${slug}/sources`)).json()) as {
            sources: { state: string }[]
          }
          return sources.filter((s) => s.state === 'ready').length
        },
        { message: `${slug}'s knowledge read`, timeout: 30_000 },
      )
      .toBe(knowledge.length)
  }
  if (questions.length > 0) {
    const put = await request.put(`/api/studio/${slug}/questions`, {
      data: { questions: questions.map((question) => ({ question })) },
      headers: FROM_OUR_PAGE,
    })
    expect(put.ok(), await put.text()).toBe(true)
  }
  return { slug, name: fullName, creatorEmail: email }
}

export const test = base.extend<{
  /** Lena Hart's talk screen in the test's page (`new Talk(page, TOMAS)` for another clone or page). */
  talk: Talk
  /** Lena Hart's profile page in the test's page. */
  profile: Profile
  /** The sign-in dialog of the test's page. */
  signInDialog: SignInDialog
  /** Signs the test's browser context in through the API (a new address unless one is given). */
  signIn: (options?: SignInOptions) => Promise<SignedIn>
  /** What `ownClone` starts with. */
  ownCloneOptions: OwnCloneOptions
  /** A public clone of the test's own, with a creator of its own (createOwnClone); deleted afterwards. */
  ownClone: OwnClone
}>({
  ownCloneOptions: [{}, { option: true }],
  // Its own time (a sign-in, the clone, its knowledge read), not taken from the test's.
  ownClone: [
    async ({ playwright, baseURL, ownCloneOptions }, use) => {
      const creator = await playwright.request.newContext({ baseURL })
      let slug: string | undefined
      try {
        const clone = await createOwnClone(creator, ownCloneOptions)
        slug = clone.slug
        await use({ ...clone, creator })
      } finally {
        if (slug) await removeClone(creator, slug)
        await creator.dispose()
      }
    },
    { timeout: 60_000 },
  ],
  talk: async ({ page }, use) => {
    await use(new Talk(page))
  },
  profile: async ({ page }, use) => {
    await use(new Profile(page))
  },
  signInDialog: async ({ page }, use) => {
    await use(new SignInDialog(page))
  },
  signIn: async ({ page }, use) => {
    await use((options) => signInThroughApi(page.request, options))
  },
})
