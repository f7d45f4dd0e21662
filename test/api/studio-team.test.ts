import { and, desc, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { MeResponse } from '../../contract'
import { AcceptedInvitation, InvitationView, PendingInvite, StudioTeam } from '../../contract/studio-run'
import { hashSessionToken } from '../../server/auth/tokens'
import { cloneInvites, outboxMessages, relationships } from '../../server/db/schema'
import { INVITE_MAIL_FAILED_TEXT } from '../../server/routes/studio-team'
import { cloneIdOf } from '../../server/seed'
import { seedId } from '../../server/seed/ids'
import {
  INVITE_EXPIRED_TEXT,
  INVITE_NOT_FOUND_TEXT,
  INVITE_USED_TEXT,
  INVITES_PER_HOUR,
} from '../../server/studio/team'
import { seededUserCookie, studio } from './embed-helpers'
import { createTestApp, type TestApp, userWithSession } from './helpers'

const base = '/api/studio/lena-hart'
const LINK = /http:\/\/localhost:8787\/studio\/invite\/([0-9a-f]{64})/

/** issue #16 'Run it': contributors invited by e-mail. */
describe('studio team and contributor invitations', () => {
  let t: TestApp
  let creator: string
  let contributor: string
  let otherCreator: string

  beforeAll(async () => {
    t = await createTestApp()
    creator = await seededUserCookie(t.db, 'user-lena')
    contributor = await seededUserCookie(t.db, 'user-sam')
    otherCreator = await seededUserCookie(t.db, 'user-tomas')
  })
  afterAll(() => t.close())

  const team = async (cookie = creator) => {
    const res = await studio(t.app, 'GET', `${base}/team`, cookie)
    expect(res.statusCode, res.body).toBe(200)
    return StudioTeam.parse(res.json())
  }
  const invite = async (email: string) => {
    const res = await studio(t.app, 'POST', `${base}/invites`, creator, { email })
    expect(res.statusCode, res.body).toBe(201)
    return PendingInvite.parse(res.json())
  }
  /** The token in the newest mail to an address (the dev outbox is the default mailer). */
  const tokenMailedTo = async (email: string) => {
    const [mail] = await t.db
      .select()
      .from(outboxMessages)
      .where(eq(outboxMessages.to, email))
      .orderBy(desc(outboxMessages.createdAt))
      .limit(1)
    const token = LINK.exec(mail?.text ?? '')?.[1]
    expect(token, `an invitation link mailed to ${email}`).toBeDefined()
    return token!
  }
  const typeOf = async (userId: string) =>
    (
      await t.db
        .select({ type: relationships.type })
        .from(relationships)
        .where(and(eq(relationships.userId, userId), eq(relationships.cloneId, cloneIdOf('lena-hart'))))
    )[0]?.type

  it('lists the creator first, then the contributors; a contributor reads it too', async () => {
    const { members, invites } = await team()
    expect(members.map((m) => [m.email, m.role])).toEqual([
      ['lena@likeness.test', 'CREATOR'],
      ['sam@likeness.test', 'CONTRIBUTOR'],
    ])
    expect(invites).toEqual([])
    expect((await team(contributor)).members).toEqual(members)
  })

  it('answers 401 signed out, 404 to a visitor and another creator, and 404 to a contributor’s writes', async () => {
    const visitor = (await userWithSession(t.db, 'team-visitor@example.com')).cookie
    const sam = seedId('user', 'user-sam')
    const routes = [
      ['GET', `${base}/team`],
      ['POST', `${base}/invites`, { email: 'someone@example.com' }],
      ['DELETE', `${base}/invites/${crypto.randomUUID()}`],
      ['DELETE', `${base}/contributors/${sam}`],
    ] as const
    for (const [method, url, body] of routes) {
      expect((await studio(t.app, method, url, null, body)).statusCode).toBe(401)
      expect((await studio(t.app, method, url, visitor, body)).statusCode).toBe(404)
      expect((await studio(t.app, method, url, otherCreator, body)).statusCode).toBe(404)
    }
    for (const [method, url, body] of routes.slice(1)) {
      expect((await studio(t.app, method, url, contributor, body)).statusCode, `${method} ${url}`).toBe(404)
    }
    expect(await typeOf(sam)).toBe('CONTRIBUTOR')
    expect(await t.db.$count(cloneInvites)).toBe(0)
  })

  it('mails a link to the invitation page; the token is stored only hashed; inviting again renews it', async () => {
    const email = 'new.helper@example.com'
    const first = await invite('  New.Helper@Example.com ')
    expect(first.email).toBe(email)
    expect(new Date(first.expiresAt).getTime() - new Date(first.invitedAt).getTime()).toBe(7 * 86_400_000)
    const token = await tokenMailedTo(email)
    const [row] = await t.db.select().from(cloneInvites).where(eq(cloneInvites.email, email))
    expect(row!.tokenHash).toBe(hashSessionToken(token))
    expect(JSON.stringify(row)).not.toContain(token)

    const outbox = await t.app.inject({ url: '/dev/outbox' })
    expect(outbox.body).toContain(`http://localhost:8787/studio/invite/${token}`)
    expect(outbox.body).toContain('invited you to help run Dr. Lena Hart')

    const view = await t.app.inject({ url: `/api/studio/invites/${token}` })
    expect(InvitationView.parse(view.json())).toEqual({
      cloneName: 'Dr. Lena Hart',
      email: 'n***r@example.com',
    })

    const again = await invite(email)
    expect(again.id).toBe(first.id)
    const renewed = await tokenMailedTo(email)
    expect(renewed).not.toBe(token)
    expect((await t.app.inject({ url: `/api/studio/invites/${token}` })).statusCode).toBe(404)
    expect((await t.app.inject({ url: `/api/studio/invites/${renewed}` })).statusCode).toBe(200)
    expect((await team()).invites.map((i) => i.email)).toEqual([email])
  })

  it('refuses an invalid address, a subaddress, and someone already on the team', async () => {
    for (const email of ['not-an-address', 'a+b@example.com']) {
      expect((await studio(t.app, 'POST', `${base}/invites`, creator, { email })).statusCode).toBe(400)
    }
    const sam = await studio(t.app, 'POST', `${base}/invites`, creator, { email: 'sam@likeness.test' })
    expect(sam.statusCode).toBe(409)
  })

  it('refuses wrong, revoked, expired and used tokens with clear messages', async () => {
    const wrong = await t.app.inject({ url: `/api/studio/invites/${'0'.repeat(64)}` })
    expect(wrong.statusCode).toBe(404)
    expect(wrong.json().error.message).toBe(INVITE_NOT_FOUND_TEXT)

    const revokedMail = 'revoked@example.com'
    const revoked = await invite(revokedMail)
    const revokedToken = await tokenMailedTo(revokedMail)
    expect((await studio(t.app, 'DELETE', `${base}/invites/${revoked.id}`, creator)).statusCode).toBe(200)
    const user = await userWithSession(t.db, revokedMail)
    const afterRevoke = await studio(t.app, 'POST', `/api/studio/invites/${revokedToken}/accept`, user.cookie)
    expect(afterRevoke.statusCode).toBe(404)
    expect(afterRevoke.json().error.message).toBe(INVITE_NOT_FOUND_TEXT)
    expect(await typeOf(user.id)).toBeUndefined()

    const expiredMail = 'expired@example.com'
    await invite(expiredMail)
    const expiredToken = await tokenMailedTo(expiredMail)
    await t.db
      .update(cloneInvites)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(cloneInvites.email, expiredMail))
    expect((await team()).invites.find((i) => i.email === expiredMail)?.expired).toBe(true)
    const expiredUser = await userWithSession(t.db, expiredMail)
    for (const res of [
      await t.app.inject({ url: `/api/studio/invites/${expiredToken}` }),
      await studio(t.app, 'POST', `/api/studio/invites/${expiredToken}/accept`, expiredUser.cookie),
    ]) {
      expect(res.statusCode).toBe(410)
      expect(res.json().error.message).toBe(INVITE_EXPIRED_TEXT)
    }
    expect(await typeOf(expiredUser.id)).toBeUndefined()
  })

  it('asks the invited address: another signed-in user is refused, naming the address to use', async () => {
    const email = 'right.person@example.com'
    await invite(email)
    const token = await tokenMailedTo(email)
    expect((await studio(t.app, 'POST', `/api/studio/invites/${token}/accept`, null)).statusCode).toBe(401)
    const other = await userWithSession(t.db, 'wrong.person@example.com')
    const refused = await studio(t.app, 'POST', `/api/studio/invites/${token}/accept`, other.cookie)
    expect(refused.statusCode).toBe(403)
    expect(refused.json().error.message).toContain('r***n@example.com')
    expect(await typeOf(other.id)).toBeUndefined()
  })

  it('makes a new user or a CONSUMER a CONTRIBUTOR, once; /api/me lists it; the creator can remove them', async () => {
    const email = 'consumer.fan@example.com'
    const fan = await userWithSession(t.db, email)
    await t.db
      .insert(relationships)
      .values({ userId: fan.id, cloneId: cloneIdOf('lena-hart'), type: 'CONSUMER' })
    await invite(email)
    const token = await tokenMailedTo(email)
    const accepted = await studio(t.app, 'POST', `/api/studio/invites/${token}/accept`, fan.cookie)
    expect(accepted.statusCode, accepted.body).toBe(200)
    expect(AcceptedInvitation.parse(accepted.json())).toEqual({
      cloneSlug: 'lena-hart',
      cloneName: 'Dr. Lena Hart',
    })
    expect(await typeOf(fan.id)).toBe('CONTRIBUTOR')
    const me = MeResponse.parse((await studio(t.app, 'GET', '/api/me', fan.cookie)).json())
    expect(me.relationships).toContainEqual(
      expect.objectContaining({ cloneSlug: 'lena-hart', type: 'CONTRIBUTOR' }),
    )
    // The same person again: the same answer; anyone else: used.
    expect((await studio(t.app, 'POST', `/api/studio/invites/${token}/accept`, fan.cookie)).statusCode).toBe(
      200,
    )
    const used = await t.app.inject({ url: `/api/studio/invites/${token}` })
    expect(used.statusCode).toBe(410)
    expect(used.json().error.message).toBe(INVITE_USED_TEXT)

    const { members, invites } = await team()
    expect(members.map((m) => m.email)).toContain(email)
    expect(invites.map((i) => i.email)).not.toContain(email)
    // Now on the team: its studio reads answer them, and its writes still do not.
    expect((await studio(t.app, 'GET', `${base}/team`, fan.cookie)).statusCode).toBe(200)
    expect((await studio(t.app, 'GET', `${base}/leads`, fan.cookie)).statusCode).toBe(200)
    expect(
      (await studio(t.app, 'PATCH', `${base}/monetization`, fan.cookie, { upsellTitle: 'x' })).statusCode,
    ).toBe(404)

    expect((await studio(t.app, 'DELETE', `${base}/contributors/${fan.id}`, creator)).statusCode).toBe(200)
    expect(await typeOf(fan.id)).toBe('CONSUMER')
    expect((await studio(t.app, 'GET', `${base}/team`, fan.cookie)).statusCode).toBe(404)
    // The creator cannot be removed as a contributor.
    const lena = seedId('user', 'user-lena')
    expect((await studio(t.app, 'DELETE', `${base}/contributors/${lena}`, creator)).statusCode).toBe(404)
  })

  it('leaves a CREATOR the CREATOR when they accept an invitation to their own clone', async () => {
    const tomas = seedId('user', 'user-tomas')
    const tomasCookie = await seededUserCookie(t.db, 'user-tomas')
    const res = await studio(t.app, 'POST', '/api/studio/tomas-rivera/invites', tomasCookie, {
      email: 'helper.for.tomas@example.com',
    })
    expect(res.statusCode, res.body).toBe(201)
    // An invitation addressed to Tomás himself (made directly: the route refuses the team's own addresses).
    await t.db
      .update(cloneInvites)
      .set({ email: 'tomas@likeness.test' })
      .where(eq(cloneInvites.email, 'helper.for.tomas@example.com'))
    const token = await tokenMailedTo('helper.for.tomas@example.com')
    const accepted = await studio(t.app, 'POST', `/api/studio/invites/${token}/accept`, tomasCookie)
    expect(accepted.statusCode, accepted.body).toBe(200)
    const [row] = await t.db
      .select({ type: relationships.type })
      .from(relationships)
      .where(and(eq(relationships.userId, tomas), eq(relationships.cloneId, cloneIdOf('tomas-rivera'))))
    expect(row!.type).toBe('CREATOR')
  })

  it(`caps invitations at ${INVITES_PER_HOUR} a clone an hour`, async () => {
    // Every invitation this clone sent in the hour counts (accepted ones too; revoked ones are gone).
    const already = await t.db.$count(cloneInvites, eq(cloneInvites.cloneId, cloneIdOf('lena-hart')))
    for (let i = already; i < INVITES_PER_HOUR; i++) await invite(`bulk${i}@example.com`)
    const over = await studio(t.app, 'POST', `${base}/invites`, creator, { email: 'one.more@example.com' })
    expect(over.statusCode).toBe(429)
    expect(over.headers['retry-after']).toBeDefined()
  })
})

describe('an invitation whose mail cannot be sent', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await createTestApp({
      providers: {
        mailer: {
          kind: 'smtp',
          send: async () => {
            throw new Error('SMTP is down')
          },
        },
      },
    })
  })
  afterAll(() => t.close())

  it('answers 503 with a clear message, and the creator can try again', async () => {
    const creator = await seededUserCookie(t.db, 'user-lena')
    const res = await studio(t.app, 'POST', `${base}/invites`, creator, { email: 'unlucky@example.com' })
    expect(res.statusCode).toBe(503)
    expect(res.json().error.message).toBe(INVITE_MAIL_FAILED_TEXT)
  })
})
