import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import {
  type CaptureSetup,
  type CaptureState,
  stateForSetup,
} from '../../../../../renderer/src/features/capture/capture.model'
import {
  type CaptureDeps,
  createCaptureStore,
} from '../../../../../renderer/src/features/capture/capture.store'
import { captureStrings as s } from '../../../../../renderer/src/features/capture/capture.strings'

const anonymous: CaptureSetup = {
  embed: true,
  sharedView: false,
  requireEmail: true,
  requirePhone: false,
  user: null,
  lastMessageId: 'm1',
  conversationId: 'c1',
}

function fakeDeps(overrides: Partial<CaptureDeps> = {}) {
  const calls: string[] = []
  const notices: string[] = []
  const deps: CaptureDeps = {
    random: () => 0,
    sendEmailCode: async (email) => void calls.push(`email-code ${email}`),
    verifyEmailCode: async (email, code) => {
      calls.push(`verify-email ${email} ${code}`)
      return { needsPhone: true }
    },
    sendPhoneCode: async (phone) => void calls.push(`phone-code ${phone}`),
    verifyPhoneCode: async (phone, code) => void calls.push(`verify-phone ${phone} ${code}`),
    recordLead: async () => void calls.push('lead'),
    country: () => 'US',
    notify: (kind, text) => void notices.push(`${kind}: ${text}`),
    ...overrides,
  }
  return { deps, calls, notices }
}

/** A store at UPCOMING with a quota of 3 and the visitor at `userMessages`. */
function upcoming(deps: CaptureDeps, setup: Partial<CaptureSetup> = {}) {
  const store = createCaptureStore(deps)
  store.setup({ ...anonymous, ...setup })
  return store
}

const reach = (store: ReturnType<typeof createCaptureStore>, userMessages = 3, busy = false) =>
  store.progress({
    userMessages,
    quota: 3,
    busy,
    lastMessageId: `m${userMessages * 2}`,
    conversationId: 'c1',
  })

/** Runs the two typing delays at their shortest (random 0): 800 then 600 ms. */
async function typeThrough() {
  await vi.advanceTimersByTimeAsync(800)
  await vi.advanceTimersByTimeAsync(600)
}

const answer = async (store: ReturnType<typeof createCaptureStore>, text: string) => {
  store.setInput(text)
  store.submit()
  await vi.advanceTimersByTimeAsync(0)
}

beforeEach(() => {
  vi.useFakeTimers()
})
afterEach(() => {
  vi.useRealTimers()
})

describe('capture setup (spec 1 §4)', () => {
  it.each<[string, Partial<CaptureSetup>, CaptureState]>([
    ['outside embed', { embed: false }, 'NOT_EMBED'],
    ['a shared view', { sharedView: true }, 'NOT_APPLICABLE'],
    ['requireEmail false', { requireEmail: false }, 'NOT_APPLICABLE'],
    ['a user, no phone requirement', { user: { phoneNumber: null, optedIn: false } }, 'NOT_APPLICABLE'],
    [
      'a user with a phone, opted in',
      { requirePhone: true, user: { phoneNumber: '+1', optedIn: true } },
      'NOT_APPLICABLE',
    ],
    [
      'a user without a phone',
      { requirePhone: true, user: { phoneNumber: null, optedIn: true } },
      'COLLECTING_PHONE_NUMBER',
    ],
    [
      'a user not opted in',
      { requirePhone: true, user: { phoneNumber: '+1', optedIn: false } },
      'COLLECTING_PHONE_NUMBER',
    ],
    ['an anonymous visitor', {}, 'UPCOMING'],
  ])('%s gives %s', (_, patch, expected) => {
    expect(stateForSetup({ ...anonymous, ...patch })).toBe(expected)
  })

  it('stays PREFLIGHT until set up, and asks a signed-in visitor for the phone at once', () => {
    const { deps } = fakeDeps()
    const store = createCaptureStore(deps)
    expect(store.model.state).toBe('PREFLIGHT')
    store.setup({ ...anonymous, requirePhone: true, user: { phoneNumber: null, optedIn: false } })
    expect(store.model.state).toBe('COLLECTING_PHONE_NUMBER')
    expect(store.model.lines.map((l) => [l.from, l.text, l.afterMessageId])).toEqual([
      ['clone', s.askPhone, 'm1'],
    ])
  })
})

describe('the check (500 ms) and the start (spec 1 §4, §9)', () => {
  it('starts 500 ms after the last change once user messages reach the quota', async () => {
    const { deps } = fakeDeps()
    const store = upcoming(deps)
    reach(store, 2)
    await vi.advanceTimersByTimeAsync(1000)
    expect(store.model.state).toBe('UPCOMING')
    reach(store, 3)
    await vi.advanceTimersByTimeAsync(499)
    expect(store.model.state).toBe('UPCOMING')
    await vi.advanceTimersByTimeAsync(1)
    expect(store.model.state).toBe('STARTING')
    expect(store.model.anchor).toBe('m6')
  })

  it('waits while a send or receive is in progress, and restarts the 500 ms on each change', async () => {
    const { deps } = fakeDeps()
    const store = upcoming(deps)
    reach(store, 3, true)
    await vi.advanceTimersByTimeAsync(600)
    expect(store.model.state).toBe('UPCOMING')
    reach(store, 3, false)
    await vi.advanceTimersByTimeAsync(300)
    reach(store, 3, false)
    await vi.advanceTimersByTimeAsync(300)
    expect(store.model.state).toBe('UPCOMING')
    await vi.advanceTimersByTimeAsync(200)
    expect(store.model.state).toBe('STARTING')
  })

  it('never starts for an unlimited or unknown quota', async () => {
    const { deps } = fakeDeps()
    const store = upcoming(deps)
    store.progress({ userMessages: 50, quota: -1, busy: false, lastMessageId: 'x', conversationId: 'c1' })
    await vi.advanceTimersByTimeAsync(600)
    store.progress({ userMessages: 50, quota: null, busy: false, lastMessageId: 'x', conversationId: 'c1' })
    await vi.advanceTimersByTimeAsync(600)
    expect(store.model.state).toBe('UPCOMING')
  })

  it('types 800–1300 ms, then 600–800 ms (injected random), then asks for the email; scrolls at 200 ms', async () => {
    const { deps } = fakeDeps({ random: () => 0.5 })
    const store = upcoming(deps)
    reach(store)
    await vi.advanceTimersByTimeAsync(500)
    expect(store.model.state).toBe('STARTING')
    expect(store.state.scrollKey).toBe(0)
    await vi.advanceTimersByTimeAsync(200)
    expect(store.state.scrollKey).toBe(1)
    await vi.advanceTimersByTimeAsync(849) // 1050 ms in all
    expect(store.model.lines).toEqual([])
    await vi.advanceTimersByTimeAsync(1)
    expect(store.model.lines.map((l) => l.text)).toEqual([s.intro])
    expect(store.model.state).toBe('STARTING')
    await vi.advanceTimersByTimeAsync(699)
    expect(store.model.state).toBe('STARTING')
    await vi.advanceTimersByTimeAsync(1)
    expect(store.model.state).toBe('COLLECTING_EMAIL')
    expect(store.model.lines.map((l) => [l.from, l.text, l.afterMessageId])).toEqual([
      ['clone', s.intro, 'm6'],
      ['clone', s.askEmail, 'm6'],
    ])
  })

  it('uses the longest delays at the top of the random range', async () => {
    const { deps } = fakeDeps({ random: () => 0.999_999 })
    const store = upcoming(deps)
    reach(store)
    await vi.advanceTimersByTimeAsync(500 + 1299)
    expect(store.model.lines).toHaveLength(0)
    await vi.advanceTimersByTimeAsync(1 + 799)
    expect(store.model.state).toBe('STARTING')
    await vi.advanceTimersByTimeAsync(1)
    expect(store.model.state).toBe('COLLECTING_EMAIL')
  })
})

async function atEmail(overrides: Partial<CaptureDeps> = {}, setup: Partial<CaptureSetup> = {}) {
  const fake = fakeDeps(overrides)
  const store = upcoming(fake.deps, setup)
  reach(store)
  await vi.advanceTimersByTimeAsync(500)
  await typeThrough()
  return { ...fake, store }
}

describe('the email step', () => {
  it('refuses an invalid email, keeping what was typed', async () => {
    const { store, notices, calls } = await atEmail()
    await answer(store, 'ada@')
    expect(notices).toEqual(['error: Invalid Email'])
    expect(store.state.input).toBe('ada@')
    expect(calls).toEqual([])
  })

  it('sends the code, then asks for it; the visitor’s address shows as their message', async () => {
    const { store, calls } = await atEmail()
    await answer(store, ' Ada@Example.com ')
    expect(calls).toEqual(['email-code ada@example.com'])
    expect(store.model.state).toBe('COLLECTING_EMAIL_OTP')
    expect(store.state.input).toBe('')
    expect(store.model.lines.slice(2).map((l) => [l.from, l.text])).toEqual([
      ['visitor', 'ada@example.com'],
      ['clone', s.askEmailCode('ada@example.com')],
    ])
  })

  it('shows the server’s text when the code cannot be sent, and stays', async () => {
    const { store, notices } = await atEmail({
      sendEmailCode: () => Promise.reject(new Error('Subaddresses (a+b@x.com) are not allowed')),
    })
    await answer(store, 'a+b@x.com')
    expect(store.model.state).toBe('COLLECTING_EMAIL')
    expect(store.model.busy).toBe(false)
    expect(notices).toEqual(['error: Subaddresses (a+b@x.com) are not allowed'])
  })

  it('skips: the prompt is handed back, and capture starts again when the quota stops a message', async () => {
    const { store } = await atEmail()
    store.skip()
    expect(store.model.state).toBe('UPCOMING')
    expect(store.model.lines.at(-1)?.text).toBe(s.skipped)
    reach(store, 3)
    await vi.advanceTimersByTimeAsync(2000)
    expect(store.model.state).toBe('UPCOMING')
    expect(store.replacesPaywall()).toBe(true)
    await vi.advanceTimersByTimeAsync(499)
    expect(store.model.state).toBe('UPCOMING')
    await vi.advanceTimersByTimeAsync(1)
    expect(store.model.state).toBe('STARTING')
    await typeThrough()
    expect(store.model.state).toBe('COLLECTING_EMAIL')
  })
})

async function atEmailCode(overrides: Partial<CaptureDeps> = {}, setup: Partial<CaptureSetup> = {}) {
  const at = await atEmail(overrides, setup)
  await answer(at.store, 'ada@example.com')
  at.calls.length = 0
  return at
}

describe('the email code step', () => {
  it('refuses a code that is not six characters', async () => {
    const { store, notices, calls } = await atEmailCode()
    await answer(store, '12345')
    expect(notices).toEqual(["error: That doesn't look like a six-digit code."])
    expect(calls).toEqual([])
  })

  it('verifies (dashes removed) and completes when no phone is required: the lead is recorded', async () => {
    const { store, calls } = await atEmailCode()
    await answer(store, '123-456')
    expect(calls).toEqual(['verify-email ada@example.com 123456', 'lead'])
    expect(store.model.state).toBe('COMPLETED')
    expect(store.model.lines.slice(-2).map((l) => [l.from, l.text])).toEqual([
      ['visitor', s.maskedCode],
      ['clone', s.thanks],
    ])
    expect(store.model.lines.some((l) => l.text.includes('123'))).toBe(false)
  })

  it('goes to the phone step when the clone requires a phone the user lacks', async () => {
    const { store, calls } = await atEmailCode({}, { requirePhone: true })
    await answer(store, '123456')
    expect(store.model.state).toBe('COLLECTING_PHONE_NUMBER')
    expect(store.model.lines.at(-1)?.text).toBe(s.askPhone)
    expect(calls).toEqual(['verify-email ada@example.com 123456'])
  })

  it('completes when the signed-in user already has a verified, opted-in phone', async () => {
    const { store } = await atEmailCode(
      { verifyEmailCode: async () => ({ needsPhone: false }) },
      { requirePhone: true },
    )
    await answer(store, '123456')
    expect(store.model.state).toBe('COMPLETED')
  })

  it('shows the server’s text for a wrong code and stays', async () => {
    const { store, notices } = await atEmailCode({
      verifyEmailCode: () => Promise.reject(new Error('Invalid or expired code')),
    })
    await answer(store, '000000')
    expect(store.model.state).toBe('COLLECTING_EMAIL_OTP')
    expect(notices).toEqual(['error: Invalid or expired code'])
  })

  it('resends: "Resending code..." then "Code resent"', async () => {
    const { store, calls, notices } = await atEmailCode()
    store.resend()
    await vi.advanceTimersByTimeAsync(0)
    expect(calls).toEqual(['email-code ada@example.com'])
    expect(notices).toEqual(['info: Resending code...', 'success: Code resent'])
    expect(store.model.state).toBe('COLLECTING_EMAIL_OTP')
  })

  it('changes the email: back to collecting it', async () => {
    const { store } = await atEmailCode()
    store.change()
    expect(store.model.state).toBe('COLLECTING_EMAIL')
    expect(store.model.email).toBeNull()
    expect(store.model.lines.at(-1)?.text).toBe(s.askEmailAgain)
  })
})

async function atPhone(overrides: Partial<CaptureDeps> = {}) {
  const at = await atEmailCode(overrides, { requirePhone: true })
  await answer(at.store, '123456')
  at.calls.length = 0
  return at
}

describe('the phone steps', () => {
  it('refuses invalid numbers and unsupported countries', async () => {
    const { store, notices } = await atPhone()
    await answer(store, '12')
    await answer(store, '+7 912 345-67-89')
    expect(notices).toEqual(['error: Invalid Phone Number', 'error: Country is not supported'])
    expect(store.model.state).toBe('COLLECTING_PHONE_NUMBER')
  })

  it('reads the number against the visitor’s country, sends the code, verifies, completes', async () => {
    const { store, calls } = await atPhone()
    await answer(store, '(201) 555-0123')
    expect(store.model.state).toBe('COLLECTING_PHONE_NUMBER_OTP')
    expect(store.model.lines.slice(-2).map((l) => l.text)).toEqual([
      '+12015550123',
      s.askPhoneCode('+12015550123'),
    ])
    await answer(store, '654321')
    expect(calls).toEqual(['phone-code +12015550123', 'verify-phone +12015550123 654321', 'lead'])
    expect(store.model.state).toBe('COMPLETED')
  })

  it('changes the number and resends the code', async () => {
    const { store, calls, notices } = await atPhone()
    await answer(store, '201 555 0123')
    store.resend()
    await vi.advanceTimersByTimeAsync(0)
    expect(calls).toEqual(['phone-code +12015550123', 'phone-code +12015550123'])
    expect(notices).toEqual(['info: Resending code...', 'success: Code resent'])
    store.change()
    expect(store.model.state).toBe('COLLECTING_PHONE_NUMBER')
    expect(store.model.lines.at(-1)?.text).toBe(s.askPhoneAgain)
  })

  it('ignores a second submit while a request is on its way', async () => {
    let release: () => void = () => {}
    const { store, calls } = await atPhone({
      sendPhoneCode: (phone) =>
        new Promise<void>((resolve) => {
          calls.push(`phone-code ${phone}`)
          release = resolve
        }),
    })
    store.setInput('201 555 0123')
    store.submit()
    store.submit()
    expect(calls).toEqual(['phone-code +12015550123'])
    release()
    await vi.advanceTimersByTimeAsync(0)
    expect(store.model.state).toBe('COLLECTING_PHONE_NUMBER_OTP')
  })
})

describe('capture in place of the paywall (spec 1 §6)', () => {
  it('stands in while starting or collecting, not once completed or where it does not apply', async () => {
    const { deps } = fakeDeps()
    const none = createCaptureStore(deps)
    none.setup({ ...anonymous, requireEmail: false })
    expect(none.replacesPaywall()).toBe(false)
    const { store } = await atEmailCode()
    expect(store.replacesPaywall()).toBe(true)
    await answer(store, '123456')
    expect(store.model.state).toBe('COMPLETED')
    expect(store.replacesPaywall()).toBe(false)
  })

  it('starts at the next check (500 ms) when the quota stops a message before the count shows it', async () => {
    const { deps } = fakeDeps()
    const store = upcoming(deps)
    reach(store, 1)
    expect(store.replacesPaywall()).toBe(true)
    expect(store.model.state).toBe('UPCOMING')
    await vi.advanceTimersByTimeAsync(500)
    expect(store.model.state).toBe('STARTING')
  })

  it('waits for a send in progress before starting', async () => {
    const { deps } = fakeDeps()
    const store = upcoming(deps)
    reach(store, 1, true)
    store.replacesPaywall()
    await vi.advanceTimersByTimeAsync(1000)
    expect(store.model.state).toBe('UPCOMING')
    reach(store, 1, false)
    await vi.advanceTimersByTimeAsync(500)
    expect(store.model.state).toBe('STARTING')
  })

  it('follows a sign-in elsewhere before it starts, but not once collecting', async () => {
    const { deps } = fakeDeps()
    const store = upcoming(deps)
    store.setup({ ...anonymous, user: { phoneNumber: null, optedIn: false } })
    expect(store.model.state).toBe('NOT_APPLICABLE')
    const { store: collecting } = await atEmailCode()
    collecting.setup({ ...anonymous, user: { phoneNumber: null, optedIn: false } })
    expect(collecting.model.state).toBe('COLLECTING_EMAIL_OTP')
  })
})
