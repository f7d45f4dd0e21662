import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { desc, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { PRODUCT_NAME } from '../../contract'
import { addCatalog, stringsIn } from '../../contract/i18n'
import { UNTRANSLATED_LANGUAGES } from '../../contract/languages'
import { outboxMessages, users } from '../../server/db/schema'
import {
  acceptedLanguages,
  appText,
  LANGUAGE_COOKIE,
  readyLanguage,
  requestLanguage,
} from '../../server/i18n'
import type { mailStrings } from '../../server/mail/mail.strings'
import { signInCodeMail } from '../../server/mail/sign-in-mail'
import { textingTexts, textingTextsIn, visitorTextLanguage } from '../../server/texting/texting.strings'
import type { pageStrings } from '../../server/web/page.strings'
import { createTestApp, type TestApp, userWithSession } from './helpers'
import { outboxTexts } from './texting-helpers'

/*
 * The server writes in its reader's language (issue #25): the page a clone's address answers, the sign-in
 * mail, the texts. The catalogs of the other languages are written later: each test gives its language a
 * few messages of its own (over whatever the catalog says), so a text left in English shows.
 */

const escaped = (s: string) =>
  s
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;')

/*
 * The interface is offered only in languages whose catalog is complete (contract/languages.ts
 * UNTRANSLATED_LANGUAGES); until then a request in one is answered in English. This file writes in languages
 * whether or not their catalogs are complete yet: it offers them for its duration (each test file has its own
 * modules), and makes 'it' one still being translated.
 */
const untranslated = UNTRANSLATED_LANGUAGES as Set<string>
const OFFERED = ['es', 'ar', 'de', 'pt', 'ja']
const wasUntranslated = new Set(OFFERED.filter((code) => untranslated.has(code)))
const itWasUntranslated = untranslated.has('it')
beforeAll(() => {
  for (const code of OFFERED) untranslated.delete(code)
  untranslated.add('it')
})
afterAll(() => {
  for (const code of wasUntranslated) untranslated.add(code)
  if (!itWasUntranslated) untranslated.delete('it')
})

/** Gives `code` these messages, after its own catalog is loaded (so they win). */
function translated(code: string, messages: Record<string, string>) {
  readyLanguage(code)
  addCatalog(code, messages)
}

translated('es', {
  'server.page.skipToContent': 'Saltar al contenido',
  'server.page.message': 'Mensaje',
  'server.page.about': 'Acerca de {name}',
  'server.page.suggestedQuestions': 'Preguntas sugeridas',
  'server.page.send': 'Enviar mensaje',
  'server.page.verified': 'Verificado',
  'server.page.backTo': 'Volver a {name}',
  'server.page.poweredBy': 'Con la tecnología de {product}',
  'server.page.talkWith': 'Habla con {name} en {product}.',
  'chat.promptLabel': 'Mensaje para {name}',
  'chat.promptPlaceholder': 'Pregunta lo que quieras…',
  'chat.plusMenu': 'Más opciones',
  'history.openHistory': 'Historial',
})
translated('ar', {
  'server.page.skipToContent': 'انتقل إلى المحتوى',
  'chat.promptPlaceholder': 'اسأل عن أي شيء…',
})
translated('de', {
  'server.mail.signIn.subject': 'Dein {product}-Anmeldecode: {code}',
  'server.mail.signIn.codeIs': 'Dein {product}-Anmeldecode ist {code}.',
  'server.texting.greetingWithName': 'Hallo {firstName}, hier ist {cloneName}.',
})

describe('the request language', () => {
  it('ranks Accept-Language by quality, then order, skipping what the product does not speak', () => {
    expect(acceptedLanguages('es-ES,es;q=0.9,en;q=0.8')).toEqual(['es', 'en'])
    expect(acceptedLanguages('en;q=0.5, fr;q=0.9, de')).toEqual(['de', 'fr', 'en'])
    expect(acceptedLanguages('xx-YY, tlh, *;q=0.1, ja')).toEqual(['ja'])
    expect(acceptedLanguages('fr;q=0, it')).toEqual(['it'])
    expect(acceptedLanguages('pt-BR')).toEqual(['pt'])
    expect(acceptedLanguages(undefined)).toEqual([])
  })

  it('prefers the chosen language (the cookie) to Accept-Language, and falls back to English', () => {
    expect(requestLanguage({ 'accept-language': 'pt-BR,pt;q=0.9' })).toBe('pt')
    expect(requestLanguage({ 'accept-language': 'de', cookie: `a=1; ${LANGUAGE_COOKIE}=ja; b=2` })).toBe('ja')
    // A cookie naming no language of the product does not count.
    expect(requestLanguage({ 'accept-language': 'de', cookie: `${LANGUAGE_COOKIE}=xx` })).toBe('de')
    expect(requestLanguage({ 'accept-language': 'xx-YY, tlh' })).toBe('en')
    expect(requestLanguage({})).toBe('en')
  })

  it('skips a language the interface is not offered in yet (its catalog incomplete)', () => {
    expect(requestLanguage({ 'accept-language': 'it-IT,it;q=0.9,de;q=0.5' })).toBe('de')
    expect(requestLanguage({ 'accept-language': 'it' })).toBe('en')
    expect(requestLanguage({ 'accept-language': 'es', cookie: `${LANGUAGE_COOKIE}=it` })).toBe('es')
  })
})

const INDEX_HTML = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <title>Likeness</title>
    <script type="module" crossorigin src="/assets/index-abc.js"></script>
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>
`
const MANIFEST = {
  'index.html': { file: 'assets/index-abc.js', isEntry: true },
  'src/features/talk/TalkScreen.tsx': { file: 'assets/TalkScreen-t1.js', isDynamicEntry: true },
}

describe('a clone’s page in the visitor’s language', () => {
  let t: TestApp
  let webDist: string

  beforeAll(async () => {
    webDist = await mkdtemp(path.join(os.tmpdir(), 'likeness-i18n-server-'))
    await mkdir(path.join(webDist, '.vite'))
    await writeFile(path.join(webDist, 'index.html'), INDEX_HTML)
    await writeFile(path.join(webDist, '.vite', 'manifest.json'), JSON.stringify(MANIFEST))
    t = await createTestApp({ env: { WEB_DIST: webDist, PUBLIC_URL: 'https://likeness.example' } })
  })
  afterAll(async () => {
    await t?.close()
    await rm(webDist, { recursive: true, force: true })
  })

  const page = (url: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url, headers: { accept: 'text/html', ...headers } })
  const rootOf = (html: string) => html.slice(html.indexOf('<div id="root">'))

  it('writes the profile’s first screen in Spanish for accept-language es-ES,es;q=0.9', async () => {
    const res = await page('/lena-hart', { 'accept-language': 'es-ES,es;q=0.9' })
    expect(res.statusCode).toBe(200)
    expect(res.headers.vary).toMatch(/Accept-Language/)
    const html = res.body
    expect(html).toContain('<html lang="es" dir="ltr">')
    const es = stringsIn<typeof pageStrings>('server.page', 'es')
    const root = rootOf(html)
    const written = [
      es.skipToContent,
      es.message,
      es.about('Dr. Lena Hart'),
      es.suggestedQuestions,
      es.send,
      es.verified,
      appText('chat.promptLabel', 'es', { name: 'Dr. Lena Hart' }),
      appText('chat.promptPlaceholder', 'es'),
    ]
    for (const text of written) expect(root).toContain(escaped(text))
    expect(es.skipToContent).toBe('Saltar al contenido')
    expect(root).toContain('>Acerca de Dr. Lena Hart</h2>')
    expect(root).toContain('placeholder="Pregunta lo que quieras…"')
    for (const english of [
      'Skip to content',
      '>Message<',
      'About Dr. Lena Hart',
      'Ask anything…',
      'Send message',
    ])
      expect(root).not.toContain(english)
    // The send arrow flips right to left, as the app's does.
    expect(root).toMatch(
      /<svg [^>]*aria-hidden="true" class="icon-mirrored">[\s\S]*?<\/svg><\/button><\/div><\/form>/,
    )
  })

  it('writes the talk screen in the visitor’s language too', async () => {
    const html = (await page('/lena-hart/talk', { 'accept-language': 'es' })).body
    const root = rootOf(html)
    expect(html).toContain('<html lang="es" dir="ltr">')
    const es = stringsIn<typeof pageStrings>('server.page', 'es')
    for (const text of [
      es.backTo('Dr. Lena Hart'),
      es.poweredBy(PRODUCT_NAME),
      appText('chat.plusMenu', 'es'),
      appText('history.openHistory', 'es'),
      appText('chat.promptPlaceholder', 'es'),
    ])
      expect(root).toContain(escaped(text))
    expect(root).toContain('aria-label="Volver a Dr. Lena Hart"')
    // The back arrow flips right to left.
    expect(root).toMatch(/class="talk-header__back"[^>]*><svg [^>]*class="icon-mirrored">/)
  })

  it('names a right-to-left language in <html dir>', async () => {
    const html = (await page('/lena-hart', { 'accept-language': 'ar' })).body
    expect(html).toContain('<html lang="ar" dir="rtl">')
    const root = rootOf(html)
    expect(root).toContain(escaped(stringsIn<typeof pageStrings>('server.page', 'ar').skipToContent))
    expect(root).toContain(escaped(appText('chat.promptPlaceholder', 'ar')))
    expect(root).toContain('انتقل إلى المحتوى')
  })

  it('follows the chosen language (the cookie) over Accept-Language, on any app page', async () => {
    const html = (await page('/explore', { 'accept-language': 'es', cookie: `${LANGUAGE_COOKIE}=ar` })).body
    expect(html).toContain('<html lang="ar" dir="rtl">')
  })

  it('keeps English as it was: the shell untouched, the texts as written', async () => {
    expect((await page('/explore')).body).toBe(INDEX_HTML)
    const html = (await page('/lena-hart', { 'accept-language': 'en-GB,es;q=0.5' })).body
    expect(html).toContain('<html lang="en">\n')
    const root = rootOf(html)
    expect(root).toContain('<a href="#main" class="skip-link">Skip to content</a>')
    expect(root).toContain('>About Dr. Lena Hart</h2>')
    expect(root).toContain('aria-label="Message Dr. Lena Hart" placeholder="Ask anything…"')
    expect(root).toContain('type="submit" aria-label="Send message"')
  })
})

describe('mails and texts in the reader’s language', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await createTestApp()
  })
  afterAll(async () => {
    await t?.close()
  })

  const latestMail = async (email: string) => {
    const [mail] = await t.db
      .select()
      .from(outboxMessages)
      .where(eq(outboxMessages.to, email))
      .orderBy(desc(outboxMessages.createdAt))
      .limit(1)
    if (!mail) throw new Error(`no mail to ${email}`)
    return { ...mail, code: /\b(\d{6})\b/.exec(mail.text)?.[1] ?? '' }
  }

  it('writes the sign-in code mail in the language of the request', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/code',
      payload: { email: 'mail-de@example.com' },
      headers: { 'accept-language': 'de-DE,de;q=0.9,en;q=0.5' },
      remoteAddress: '10.77.0.1',
    })
    expect(res.statusCode, res.body).toBe(200)
    const mail = await latestMail('mail-de@example.com')
    const de = stringsIn<typeof mailStrings>('server.mail', 'de').signIn
    expect(mail.subject).toBe(de.subject(PRODUCT_NAME, mail.code))
    expect(mail.subject).toBe(`Dein Likeness-Anmeldecode: ${mail.code}`)
    expect(mail.text.split('\n')[0]).toBe(de.codeIs(PRODUCT_NAME, mail.code))
  })

  it('keeps the English mail byte for byte', async () => {
    await t.app.inject({
      method: 'POST',
      url: '/api/auth/code',
      payload: { email: 'mail-en@example.com' },
      remoteAddress: '10.77.0.2',
    })
    const mail = await latestMail('mail-en@example.com')
    expect(mail.subject).toBe(`Your Likeness sign-in code: ${mail.code}`)
    expect(mail.text).toBe(
      `Your Likeness sign-in code is ${mail.code}.\n\nIt works once and expires in 10 minutes. If you did not ask for it, ignore this e-mail.`,
    )
  })

  it('texts the phone code in the account’s chosen language, else the request’s', async () => {
    const phoneCode = async (email: string, phoneNumber: string, chosen: string | null, headers: object) => {
      const user = await userWithSession(t.db, email)
      if (chosen) await t.db.update(users).set({ language: chosen }).where(eq(users.id, user.id))
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/me/phone',
        headers: { cookie: user.cookie, ...headers },
        payload: { phoneNumber },
        remoteAddress: `10.77.1.${phoneNumber.slice(-2)}`,
      })
      expect(res.statusCode, res.body).toBe(200)
      const [sms] = await outboxTexts(t.db, phoneNumber)
      return { text: sms!.text, code: /\b(\d{6})\b/.exec(sms!.text)?.[1] ?? '' }
    }
    const de = textingTextsIn('de')
    addCatalog('de', {
      'server.texting.phoneCode':
        'Dein {product}-Code ist {code}. Er läuft in {minutes, plural, one {# Minute} other {# Minuten}} ab.',
    })
    const chosen = await phoneCode('phone-de@example.com', '+14155550181', 'de', { 'accept-language': 'en' })
    expect(chosen.text).toBe(de.phoneCode(chosen.code, 10))
    expect(chosen.text).toBe(`Dein Likeness-Code ist ${chosen.code}. Er läuft in 10 Minuten ab.`)
    const browser = await phoneCode('phone-en@example.com', '+14155550182', null, { 'accept-language': 'de' })
    expect(browser.text).toBe(de.phoneCode(browser.code, 10))
    const english = await phoneCode('phone-en2@example.com', '+14155550183', null, {})
    expect(english.text).toBe(textingTexts.phoneCode(english.code, 10))
  })

  it('wraps the HTML mail in its language and direction', () => {
    expect(signInCodeMail('a@example.com', '042517', { validMinutes: 10, language: 'ar' }).html).toMatch(
      /^<div lang="ar" dir="rtl"><p>/,
    )
    expect(signInCodeMail('a@example.com', '042517', { validMinutes: 10 }).html).toMatch(
      /^<div lang="en" dir="ltr"><p>Your Likeness sign-in code is<\/p>/,
    )
  })

  it('texts a visitor in their account’s language, else the clone’s, else English', () => {
    expect(visitorTextLanguage('de', 'Spanish')).toBe('de')
    expect(visitorTextLanguage(null, 'Spanish')).toBe('es')
    expect(visitorTextLanguage(null, 'pt-BR')).toBe('pt')
    expect(visitorTextLanguage(null, 'English')).toBe('en')
    expect(visitorTextLanguage('xx', 'Klingon')).toBe('en')
    expect(textingTextsIn('de').greeting('Ada Lovelace', 'Dr. Lena Hart')).toBe(
      'Hallo Ada, hier ist Dr. Lena Hart.',
    )
    expect(textingTexts.greeting('Ada Lovelace', 'Dr. Lena Hart')).toBe(
      "Hi Ada, it's Dr. Lena Hart. Reply here any time to keep talking.",
    )
    expect(textingTexts.greeting(null, 'Dr. Lena Hart')).toBe(
      "Hi, it's Dr. Lena Hart. Reply here any time to keep talking.",
    )
    expect(textingTexts.phoneCode('123456', 10)).toBe(
      'Your Likeness code is 123456. It expires in 10 minutes. Never share it with anyone.',
    )
  })
})
