import { afterEach, describe, expect, it, vi } from 'vitest'
import {
  isMessageSaved,
  resetSavedMessages,
  savedMessagesReducer,
  toggleSaved,
} from '../../../../../renderer/src/features/chat/saved-messages'

afterEach(() => resetSavedMessages())

describe('savedMessagesReducer (spec 1 §4: save toggles optimistically)', () => {
  it('shows the toggle at once and keeps it once the server agrees', () => {
    let state = savedMessagesReducer({}, { type: 'TOGGLE', messageId: 'm', current: false, requestId: 1 })
    expect(isMessageSaved(state, 'm', false)).toBe(true)
    expect(state.m?.pending).toBe(true)
    state = savedMessagesReducer(state, { type: 'CONFIRMED', messageId: 'm', requestId: 1, saved: true })
    expect(state.m).toMatchObject({ saved: true, pending: false })
  })

  it('rolls back to what was shown before when the server refuses', () => {
    let state = savedMessagesReducer({}, { type: 'TOGGLE', messageId: 'm', current: true, requestId: 1 })
    expect(isMessageSaved(state, 'm', true)).toBe(false)
    state = savedMessagesReducer(state, { type: 'FAILED', messageId: 'm', requestId: 1 })
    expect(isMessageSaved(state, 'm', true)).toBe(true)
    expect(state.m?.pending).toBe(false)
  })

  it('lets the latest toggle decide: an older answer changes nothing', () => {
    let state = savedMessagesReducer({}, { type: 'TOGGLE', messageId: 'm', current: false, requestId: 1 })
    state = savedMessagesReducer(state, { type: 'TOGGLE', messageId: 'm', current: true, requestId: 2 })
    expect(isMessageSaved(state, 'm', false)).toBe(false)
    const afterOldFailure = savedMessagesReducer(state, { type: 'FAILED', messageId: 'm', requestId: 1 })
    expect(afterOldFailure).toBe(state)
    const afterOldSuccess = savedMessagesReducer(state, {
      type: 'CONFIRMED',
      messageId: 'm',
      requestId: 1,
      saved: true,
    })
    expect(afterOldSuccess).toBe(state)
  })

  it('without a toggle the server value shows; other messages are untouched', () => {
    const state = savedMessagesReducer({}, { type: 'TOGGLE', messageId: 'a', current: false, requestId: 1 })
    expect(isMessageSaved(state, 'b', true)).toBe(true)
    expect(isMessageSaved(state, 'b', false)).toBe(false)
    expect(savedMessagesReducer(state, { type: 'FAILED', messageId: 'zzz', requestId: 1 })).toBe(state)
  })
})

describe('toggleSaved', () => {
  it('asks the server for the opposite of what is shown and answers whether it worked', async () => {
    const request = vi.fn(async (_id: string, saved: boolean) => ({ saved }))
    expect(await toggleSaved('m1', false, request)).toBe(true)
    expect(request).toHaveBeenLastCalledWith('m1', true)
    // Shown as saved now, so the next toggle unsaves even though the message still says false.
    expect(await toggleSaved('m1', false, request)).toBe(true)
    expect(request).toHaveBeenLastCalledWith('m1', false)

    const failing = vi.fn(async () => {
      throw new Error('404')
    })
    expect(await toggleSaved('m2', true, failing)).toBe(false)
    expect(failing).toHaveBeenCalledWith('m2', false)
  })
})
