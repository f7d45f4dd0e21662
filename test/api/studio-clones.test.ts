import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { CloneList } from '../../contract'
import { CloneSettings, SlugAvailability, StudioCloneList, StudioVoices } from '../../contract/studio-clones'
import { clones, memberships, subscriptions, uploads } from '../../server/db/schema'
import { DEFAULT_ANONYMOUS_QUOTA, DEFAULT_CLONE_OPTIONS } from '../../server/studio/clones'
import { seededUserCookie, studio } from './embed-helpers'
import { createTestApp, type TestApp, userWithSession } from './helpers'

/** Issue #16 'Create a clone': the studio home, the slug rules, creating, settings, portrait, deleting. */
describe('studio clones', () => {
  let t: TestApp
  let lena: string
  let sam: string
  let tomas: string
  const spoken: { text: string; voiceId: string; language: string }[] = []
  let n = 0
  const newUser = async () => {
    const email = `maker${++n}@example.com`
    return { email, ...(await userWithSession(t.db, email)) }
  }

  beforeAll(async () => {
    t = await createTestApp({
      providers: {
        tts: {
          name: 'fake',
          synthesize: async (request) => {
            spoken.push(request)
            return { audio: Buffer.from('RIFFfake'), contentType: 'audio/wav' }
          },
        },
      },
    })
    lena = await seededUserCookie(t.db, 'user-lena')
    sam = await seededUserCookie(t.db, 'user-sam')
    tomas = await seededUserCookie(t.db, 'user-tomas')
  })
  afterAll(() => t.close())

  const create = (cookie: string | null, body: Record<string, unknown>) =>
    studio(t.app, 'POST', '/api/studio/clones', cookie, body)
  const rowOf = async (slug: string) => (await t.db.select().from(clones).where(eq(clones.slug, slug)))[0]
  const explore = async () => CloneList.parse((await t.app.inject({ url: '/api/clones' })).json()).clones
  const availability = async (slug: string, cookie = lena) => {
    const res = await studio(
      t.app,
      'GET',
      `/api/studio/slug-availability?slug=${encodeURIComponent(slug)}`,
      cookie,
    )
    expect(res.statusCode, res.body).toBe(200)
    return SlugAvailability.parse(res.json())
  }

  it('lists the signed-in user’s clones with their role; signed out is 401', async () => {
    expect((await studio(t.app, 'GET', '/api/studio/clones', null)).statusCode).toBe(401)
    const lenas = StudioCloneList.parse(
      (await studio(t.app, 'GET', '/api/studio/clones', lena)).json(),
    ).clones
    expect(lenas).toEqual([expect.objectContaining({ slug: 'lena-hart', role: 'CREATOR', public: true })])
    const sams = StudioCloneList.parse((await studio(t.app, 'GET', '/api/studio/clones', sam)).json()).clones
    expect(sams).toEqual([expect.objectContaining({ slug: 'lena-hart', role: 'CONTRIBUTOR' })])
    const stranger = await newUser()
    expect((await studio(t.app, 'GET', '/api/studio/clones', stranger.cookie)).json()).toEqual({ clones: [] })
  })

  it('checks an address: normalised, its rules, reserved words and taken ones, each with its reason', async () => {
    expect(await availability('  My-Clone ')).toEqual({
      slug: 'my-clone',
      available: true,
      reason: null,
      message: null,
    })
    expect((await availability('ab')).reason).toBe('too_short')
    expect((await availability('a'.repeat(41))).reason).toBe('too_long')
    for (const bad of ['my--clone', '-clone', 'clone-', 'my clone', 'my_clone', 'émile', 'embed.js'])
      expect((await availability(bad)).reason, bad).toBe('invalid')
    for (const word of [
      'explore',
      'studio',
      'api',
      'embed',
      'dev',
      'assets',
      'privacy-policy',
      'memberships',
      // The studio's own segments: /studio/invite/{token}, /api/studio/invites/{token}.
      'invite',
      'invites',
      'voices',
    ])
      expect((await availability(word)).reason, word).toBe('reserved')
    const taken = await availability('lena-hart')
    expect(taken).toMatchObject({
      available: false,
      reason: 'taken',
      message: 'That address is already taken',
    })
    expect((await studio(t.app, 'GET', '/api/studio/slug-availability?slug=abc', null)).statusCode).toBe(401)
  })

  it('creates a private, unverified clone with the default options and makes the user its CREATOR', async () => {
    expect((await create(null, { name: 'Nobody', slug: 'nobody-here' })).statusCode).toBe(401)
    const maker = await newUser()
    const res = await create(maker.cookie, {
      name: '  Ada Stone ',
      slug: 'Ada-Stone',
      headline: 'Potter',
      description: '',
      language: 'de',
      verified: true,
      public: true,
    })
    expect(res.statusCode, res.body).toBe(201)
    expect(res.json()).toEqual({ slug: 'ada-stone' })
    const row = (await rowOf('ada-stone'))!
    expect(row).toMatchObject({
      name: 'Ada Stone',
      headline: 'Potter',
      description: null,
      verified: false,
      public: false,
      language: 'de',
      key: null,
      anonymousQuota: DEFAULT_ANONYMOUS_QUOTA,
    })
    // Issue #25: a new clone answers each visitor in their language until its creator turns that off.
    expect(row.options).toEqual({
      id: expect.any(String),
      ...DEFAULT_CLONE_OPTIONS,
      enableMultiLanguage: true,
    })
    const mine = StudioCloneList.parse(
      (await studio(t.app, 'GET', '/api/studio/clones', maker.cookie)).json(),
    )
    expect(mine.clones).toEqual([
      { slug: 'ada-stone', name: 'Ada Stone', imageUrl: null, public: false, role: 'CREATOR' },
    ])
    // Private: not in the directory until published.
    expect((await explore()).map((c) => c.slug)).not.toContain('ada-stone')
  })

  it('refuses a bad, reserved or taken address, and a blank name, creating nothing', async () => {
    const maker = await newUser()
    for (const [slug, message] of [
      ['explore', 'That address is reserved.'],
      ['x', 'An address needs at least 3 characters.'],
      ['two--dashes', 'Use lower-case letters'],
    ] as const) {
      const res = await create(maker.cookie, { name: 'Someone', slug })
      expect(res.statusCode, slug).toBe(400)
      expect(res.json().error.message).toContain(message)
    }
    const taken = await create(maker.cookie, { name: 'Someone', slug: 'tomas-rivera' })
    expect(taken.statusCode).toBe(409)
    expect(taken.json().error).toEqual({ code: 'conflict', message: 'That address is already taken' })
    expect((await create(maker.cookie, { name: '   ', slug: 'blank-name' })).statusCode).toBe(400)
    expect((await studio(t.app, 'GET', '/api/studio/clones', maker.cookie)).json()).toEqual({ clones: [] })
  })

  it('two creators racing for one address: exactly one 201, the other a clear 409', async () => {
    const [a, b] = [await newUser(), await newUser()]
    const results = await Promise.all([
      create(a.cookie, { name: 'Racer A', slug: 'the-racer' }),
      create(b.cookie, { name: 'Racer B', slug: 'the-racer' }),
    ])
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409])
    const lost = results.find((r) => r.statusCode === 409)!
    expect(lost.json().error.message).toBe('That address is already taken')
    const lists = await Promise.all(
      [a, b].map(async (u) =>
        StudioCloneList.parse((await studio(t.app, 'GET', '/api/studio/clones', u.cookie)).json()),
      ),
    )
    expect(lists.map((l) => l.clones.length).sort()).toEqual([0, 1])
  })

  it('limits how many clones one user creates in a day', async () => {
    const maker = await newUser()
    for (let i = 0; i < 5; i++)
      expect((await create(maker.cookie, { name: `Many ${i}`, slug: `many-${n}-${i}` })).statusCode).toBe(201)
    const sixth = await create(maker.cookie, { name: 'One too many', slug: `many-${n}-6` })
    expect(sixth.statusCode).toBe(429)
    expect(await rowOf(`many-${n}-6`)).toBeUndefined()
  })

  describe('voice settings (issue #26 part 2)', () => {
    const url = (slug = 'lena-hart') => `/api/studio/${slug}/voice-settings`
    const read = (cookie: string | null) => studio(t.app, 'GET', url(), cookie)
    const save = (cookie: string | null, body: Record<string, unknown>) =>
      studio(t.app, 'PUT', url(), cookie, body)
    const lenaSettings = {
      provider: 'cartesia',
      voiceId: 'c-voice-7',
      speed: 1.1,
      pronunciations: [{ word: 'Nguyen', kind: 'respelling', say: 'win' }],
      firstMessages: { en: 'Hi, Lena here. Ask me anything about sleep.', es: '¡Hola! Soy Lena.', fr: '  ' },
    }

    it('are read by the team, saved by the creator only, and reach the next call', async () => {
      expect(((await read(lena)).json() as { provider: string }).provider).toBe('11labs')
      for (const cookie of [sam, tomas]) expect((await save(cookie, lenaSettings)).statusCode).toBe(404)
      expect((await save(null, lenaSettings)).statusCode).toBe(401)
      const saved = await save(lena, lenaSettings)
      expect(saved.statusCode, saved.body).toBe(200)
      // A blank first message is no message: the product's greeting stays for that language.
      expect(saved.json().firstMessages).toEqual({
        en: 'Hi, Lena here. Ask me anything about sleep.',
        es: '¡Hola! Soy Lena.',
      })
      expect((await read(sam)).json()).toMatchObject({
        provider: 'cartesia',
        voiceId: 'c-voice-7',
        speed: 1.1,
      })
      const call = await t.app.inject({
        method: 'POST',
        url: '/api/calls/voice',
        headers: { cookie: lena },
        payload: { slug: 'lena-hart', userPreferredLanguage: 'es' },
      })
      expect(call.statusCode, call.body).toBe(200)
      expect(call.json().firstMessage).toBe('¡Hola! Soy Lena.')
      await save(lena, { provider: '11labs' })
    })

    it('refuse an unsupported provider, an unknown language, a duplicate word, changing nothing', async () => {
      const before = (await read(lena)).json()
      const refusals = [
        [{ provider: 'playht' }, 'Unsupported voice provider'],
        [{ firstMessages: { xx: 'Hello' } }, 'firstMessages'],
        [
          {
            pronunciations: [
              { word: 'Nguyen', kind: 'respelling', say: 'win' },
              { word: 'NGUYEN', kind: 'respelling', say: 'when' },
            ],
          },
          'listed twice',
        ],
        [{ speed: 3 }, 'speed'],
      ] as const
      for (const [body, reason] of refusals) {
        const res = await save(lena, body)
        expect(res.statusCode, JSON.stringify(body)).toBe(400)
        expect(res.json().error.message).toContain(reason)
      }
      expect((await read(lena)).json()).toEqual(before)
    })
  })

  describe('settings', () => {
    const settings = (cookie: string | null, slug = 'lena-hart') =>
      studio(t.app, 'GET', `/api/studio/${slug}/settings`, cookie)
    const patch = (cookie: string | null, body: Record<string, unknown>, slug = 'lena-hart') =>
      studio(t.app, 'PATCH', `/api/studio/${slug}/settings`, cookie, body)

    it('are read by the creator and a contributor; anyone else 404, signed out 401', async () => {
      const byLena = CloneSettings.parse((await settings(lena)).json())
      expect(byLena).toMatchObject({
        slug: 'lena-hart',
        role: 'CREATOR',
        name: 'Dr. Lena Hart',
        public: true,
      })
      const bySam = await settings(sam)
      expect(bySam.statusCode).toBe(200)
      expect(CloneSettings.parse(bySam.json()).role).toBe('CONTRIBUTOR')
      expect((await settings(tomas)).statusCode).toBe(404)
      expect((await settings((await newUser()).cookie)).statusCode).toBe(404)
      expect((await settings(null)).statusCode).toBe(401)
      expect((await settings(lena, 'no-such-clone')).statusCode).toBe(404)
    })

    it('are changed by the creator only: a contributor, another creator and a stranger get 404', async () => {
      const before = (await rowOf('lena-hart'))!
      for (const cookie of [sam, tomas, (await newUser()).cookie]) {
        const res = await patch(cookie, { name: 'Hijacked' })
        expect(res.statusCode).toBe(404)
        expect(res.json().error.code).toBe('not_found')
      }
      expect((await patch(null, { name: 'Hijacked' })).statusCode).toBe(401)
      expect((await rowOf('lena-hart'))!.name).toBe(before.name)
    })

    it('saves profile, texting, options, language and voice; the phone is stored in E.164', async () => {
      const maker = await newUser()
      await create(maker.cookie, { name: 'Bea Quill', slug: 'bea-quill' })
      const res = await patch(
        maker.cookie,
        {
          name: 'Bea Q. Quill',
          headline: 'Writer',
          description: 'Writes things.',
          socials: {
            instagram: 'https://instagram.com/bea',
            linkedin: '',
            twitter: null,
            facebook: null,
            youtube: null,
            website: 'https://bea.example',
            extras: ['', 'https://blog.example'],
          },
          phoneNumber: '+1 (415) 555-2671',
          phoneSmsEnabled: true,
          telegramUsername: '@bea_quill',
          telegramEnabled: true,
          options: {
            requireEmail: false,
            warning: true,
            customWarning: '  Bea is a bot.  ',
            autoDial: true,
            enableMultiLanguage: false,
          },
          language: 'en',
          voiceId: 'espeak:en+f3',
          allowVoice: true,
        },
        'bea-quill',
      )
      expect(res.statusCode, res.body).toBe(200)
      const saved = CloneSettings.parse(res.json())
      expect(saved).toMatchObject({
        name: 'Bea Q. Quill',
        headline: 'Writer',
        phoneNumber: '+14155552671',
        phoneSmsEnabled: true,
        telegramUsername: 'bea_quill',
        telegramEnabled: true,
        voiceId: 'espeak:en+f3',
        allowVoice: true,
        socials: expect.objectContaining({
          linkedin: null,
          website: 'https://bea.example',
          extras: ['https://blog.example'],
        }),
        options: expect.objectContaining({
          requireEmail: false,
          customWarning: 'Bea is a bot.',
          autoDial: true,
          enableMultiLanguage: false,
        }),
      })
      // Untouched options keep their values; the slug stays.
      expect((await rowOf('bea-quill'))!.options.productLogo).toBe(true)
      expect(CloneSettings.parse((await settings(maker.cookie, 'bea-quill')).json())).toEqual(saved)
    })

    it('refuses what cannot be saved, each with its reason, and changes nothing', async () => {
      const maker = await newUser()
      await create(maker.cookie, { name: 'Cal Vane', slug: 'cal-vane' })
      const cases: [Record<string, unknown>, string][] = [
        [{ verified: true }, 'verified'],
        [{ slug: 'new-address' }, 'slug'],
        [{ phoneNumber: '12' }, 'Invalid Phone Number'],
        [{ phoneSmsEnabled: true }, 'phone number'],
        [{ telegramUsername: 'x!' }, 'Invalid Telegram username'],
        [{ telegramEnabled: true }, 'Telegram username'],
        [{ language: 'xx' }, 'language'],
        [{ voiceId: 'espeak:ja' }, 'voiceId'],
        [{ name: '' }, 'name'],
      ]
      for (const [body, reason] of cases) {
        const res = await patch(maker.cookie, body, 'cal-vane')
        expect(res.statusCode, JSON.stringify(body)).toBe(400)
        expect(res.json().error.message).toContain(reason)
      }
      const row = (await rowOf('cal-vane'))!
      expect(row).toMatchObject({ verified: false, name: 'Cal Vane', phoneNumber: null, voiceId: null })
    })

    it('publishing puts the clone on /explore; unpublishing takes it off', async () => {
      const maker = await newUser()
      await create(maker.cookie, { name: 'Dee Lumen', slug: 'dee-lumen' })
      expect((await patch(maker.cookie, { public: true }, 'dee-lumen')).statusCode).toBe(200)
      expect((await explore()).map((c) => c.slug)).toContain('dee-lumen')
      expect((await patch(maker.cookie, { public: false }, 'dee-lumen')).statusCode).toBe(200)
      expect((await explore()).map((c) => c.slug)).not.toContain('dee-lumen')
    })
  })

  describe('portrait', () => {
    const insertUpload = async (
      owner: string,
      fileName: string,
      contentType: string,
      status = 'complete',
    ) => {
      const [row] = await t.db
        .insert(uploads)
        .values({
          fileKey: `k${String(++n).padStart(21, '0')}`,
          fileName,
          contentType,
          size: 100,
          partCount: 1,
          owner,
          ipHash: 'test',
          status: status as 'complete',
          expiresAt: new Date(Date.now() + 60_000),
          completedAt: new Date(),
        })
        .returning()
      return row!
    }

    it('takes the creator’s own finished png or jpeg, keeps it from the sweeper and shows it to everyone', async () => {
      const maker = await newUser()
      await create(maker.cookie, { name: 'Eve Portrait', slug: 'eve-portrait' })
      const other = await newUser()
      const refused = [
        await insertUpload(`user:${other.id}`, 'face.png', 'image/png'),
        await insertUpload(`user:${maker.id}`, 'face.pdf', 'application/pdf'),
        await insertUpload(`user:${maker.id}`, 'face.png', 'image/png', 'open'),
      ]
      for (const upload of refused) {
        const res = await studio(t.app, 'PATCH', '/api/studio/eve-portrait/settings', maker.cookie, {
          portraitUploadId: upload.id,
        })
        expect(res.statusCode).toBe(400)
        expect(res.json().error.message).toContain('portraitUploadId')
      }
      const own = await insertUpload(`user:${maker.id}`, 'face.png', 'image/png')
      const res = await studio(t.app, 'PATCH', '/api/studio/eve-portrait/settings', maker.cookie, {
        portraitUploadId: own.id,
        public: true,
      })
      expect(res.statusCode, res.body).toBe(200)
      const url = `/api/uploads/files/${own.fileKey}/face.png`
      expect(CloneSettings.parse(res.json()).imageUrl).toBe(url)
      const [stored] = await t.db.select().from(uploads).where(eq(uploads.id, own.id))
      expect(stored!.attachedAt).not.toBeNull()
      expect((await explore()).find((c) => c.slug === 'eve-portrait')?.imageUrl).toBe(url)

      // A new portrait releases the old one to the sweeper.
      const next = await insertUpload(`user:${maker.id}`, 'face2.jpg', 'image/jpeg')
      await studio(t.app, 'PATCH', '/api/studio/eve-portrait/settings', maker.cookie, {
        portraitUploadId: next.id,
      })
      const [released] = await t.db.select().from(uploads).where(eq(uploads.id, own.id))
      expect(released!.attachedAt).toBeNull()
    })

    it('takes face marks from the creator only, serves them with the profile, and drops them with a new portrait', async () => {
      const maker = await newUser()
      await create(maker.cookie, { name: 'Ivy Marks', slug: 'ivy-marks' })
      const marks = {
        leftEye: { x: 0.38, y: 0.42, r: 0.03 },
        rightEye: { x: 0.62, y: 0.42, r: 0.03 },
        mouth: { x: 0.5, y: 0.68, w: 0.18 },
      }
      const put = (cookie: string | null, faceMarks: unknown) =>
        studio(t.app, 'PUT', '/api/studio/ivy-marks/face-marks', cookie, { faceMarks })
      // No portrait yet: nothing to mark.
      expect((await put(maker.cookie, marks)).json().error.message).toContain('portrait')
      const portrait = await insertUpload(`user:${maker.id}`, 'ivy.png', 'image/png')
      await studio(t.app, 'PATCH', '/api/studio/ivy-marks/settings', maker.cookie, {
        portraitUploadId: portrait.id,
        public: true,
      })

      for (const cookie of [sam, null]) expect((await put(cookie, marks)).statusCode).not.toBe(200)
      for (const wrong of [
        { ...marks, mouth: { ...marks.mouth, y: 0.3 } },
        { ...marks, leftEye: marks.rightEye, rightEye: marks.leftEye },
        { ...marks, mouth: { ...marks.mouth, x: 1.4 } },
      ])
        expect((await put(maker.cookie, wrong)).statusCode).toBe(400)
      const saved = await put(maker.cookie, marks)
      expect(saved.statusCode, saved.body).toBe(200)

      const profile = await t.app.inject({ url: '/api/clones/ivy-marks' })
      expect(profile.json().faceMarks).toEqual(marks)
      const settings = await studio(t.app, 'GET', '/api/studio/ivy-marks/settings', maker.cookie)
      expect(CloneSettings.parse(settings.json()).faceMarks).toEqual(marks)

      const next = await insertUpload(`user:${maker.id}`, 'ivy2.jpg', 'image/jpeg')
      await studio(t.app, 'PATCH', '/api/studio/ivy-marks/settings', maker.cookie, {
        portraitUploadId: next.id,
      })
      expect((await t.app.inject({ url: '/api/clones/ivy-marks' })).json().faceMarks).toBeNull()
      expect((await put(maker.cookie, null)).json()).toEqual({ faceMarks: null })
    })
  })

  describe('delete', () => {
    const del = (cookie: string | null, slug: string, confirmSlug: string) =>
      studio(t.app, 'DELETE', `/api/studio/${slug}`, cookie, { confirmSlug })

    it('is the creator’s alone, confirmed by the address; then the clone is gone and the account free', async () => {
      const maker = await newUser()
      await create(maker.cookie, { name: 'Fay Gone', slug: 'fay-gone' })
      expect((await del(sam, 'lena-hart', 'lena-hart')).statusCode).toBe(404)
      expect((await del(tomas, 'lena-hart', 'lena-hart')).statusCode).toBe(404)
      expect((await del((await newUser()).cookie, 'lena-hart', 'lena-hart')).statusCode).toBe(404)
      expect((await del(null, 'lena-hart', 'lena-hart')).statusCode).toBe(401)
      expect(await rowOf('lena-hart')).toBeDefined()

      // A creator cannot delete their account while the clone exists.
      expect(
        (await studio(t.app, 'DELETE', '/api/me', maker.cookie, { email: maker.email })).statusCode,
      ).toBe(409)
      const wrong = await del(maker.cookie, 'fay-gone', 'fay')
      expect(wrong.statusCode).toBe(400)
      expect(await rowOf('fay-gone')).toBeDefined()
      expect((await del(maker.cookie, 'fay-gone', 'fay-gone')).statusCode).toBe(200)
      expect(await rowOf('fay-gone')).toBeUndefined()
      expect((await t.app.inject({ url: '/api/clones/fay-gone' })).statusCode).toBe(404)
      expect((await studio(t.app, 'GET', '/api/studio/clones', maker.cookie)).json()).toEqual({ clones: [] })
    })

    it('waits while someone pays for a membership; a clone whose members have left goes, history and all', async () => {
      const maker = await newUser()
      const member = await newUser()
      await create(maker.cookie, { name: 'Gil Paid', slug: 'gil-paid' })
      const clone = (await rowOf('gil-paid'))!
      const [plan] = await t.db
        .insert(memberships)
        .values({ cloneId: clone.id, name: 'Fans', basePrice: 5 })
        .returning()
      const now = new Date()
      const [sub] = await t.db
        .insert(subscriptions)
        .values({
          userId: member.id,
          cloneId: clone.id,
          membershipId: plan!.id,
          basis: 'monthly',
          provider: 'local',
          currentPeriodStart: now,
          currentPeriodEnd: new Date(now.getTime() + 30 * 86_400_000),
        })
        .returning()
      const refused = await del(maker.cookie, 'gil-paid', 'gil-paid')
      expect(refused.statusCode).toBe(409)
      expect(refused.json().error.message).toContain('People pay for memberships of this clone')
      expect(await rowOf('gil-paid')).toBeDefined()

      await t.db.update(subscriptions).set({ status: 'canceled' }).where(eq(subscriptions.id, sub!.id))
      expect((await del(maker.cookie, 'gil-paid', 'gil-paid')).statusCode).toBe(200)
      expect(await rowOf('gil-paid')).toBeUndefined()
    })
  })

  describe('voices', () => {
    it('lists eSpeak voices per language and plays a sample in the chosen one', async () => {
      const voices = StudioVoices.parse((await studio(t.app, 'GET', '/api/studio/voices', lena)).json())
      expect(voices.provider).toBe('espeak')
      expect(voices.voices).toContainEqual({
        id: 'espeak:en+f3',
        label: 'British English, female',
        language: 'en',
      })
      expect(voices.voices.filter((v) => v.language === 'de').length).toBeGreaterThan(0)

      const res = await studio(t.app, 'POST', '/api/studio/voice-preview', lena, {
        language: 'de',
        voiceId: 'espeak:de+f3',
      })
      expect(res.statusCode, res.body).toBe(200)
      expect(res.headers['content-type']).toBe('audio/wav')
      expect(spoken.at(-1)).toEqual({
        text: 'Hallo, ich bin dein Klon. Frag mich, was du willst.',
        voiceId: 'espeak:de+f3',
        language: 'de',
      })
      const wrong = await studio(t.app, 'POST', '/api/studio/voice-preview', lena, {
        language: 'de',
        voiceId: 'espeak:en-us',
      })
      expect(wrong.statusCode).toBe(400)
      // The creator hears a first message or a word as it will be said, before saving it.
      const own = await studio(t.app, 'POST', '/api/studio/voice-preview', lena, {
        language: 'en',
        voiceId: 'espeak:en-us',
        text: 'Hi, it is **Lena**. Ask me about Nguyen.',
        pronunciations: [{ word: 'Nguyen', kind: 'respelling', say: 'win' }],
      })
      expect(own.statusCode, own.body).toBe(200)
      expect(spoken.at(-1)).toMatchObject({
        text: 'Hi, it is Lena. Ask me about Nguyen.',
        pronunciations: [{ word: 'Nguyen', kind: 'respelling', say: 'win' }],
      })
      const twice = await studio(t.app, 'POST', '/api/studio/voice-preview', lena, {
        language: 'en',
        text: 'Hello',
        pronunciations: [
          { word: 'Lena', kind: 'respelling', say: 'layna' },
          { word: 'lena', kind: 'respelling', say: 'leena' },
        ],
      })
      expect(twice.statusCode).toBe(400)
      expect(twice.body).toContain('listed twice')
      expect(
        (await studio(t.app, 'POST', '/api/studio/voice-preview', null, { language: 'en' })).statusCode,
      ).toBe(401)
    })
  })
})
