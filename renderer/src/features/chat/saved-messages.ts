import { proxy, useSnapshot } from 'valtio'

/*
 * spec 1 §4 'Message save toggles saved/unsaved optimistically'. The chat's messages are immutable, so
 * the visible saved state is the server's value overlaid with the latest toggle. A failure rolls back only
 * if no later toggle of the same message has happened since (the later one decides).
 */

export interface SavedToggle {
  saved: boolean
  /** What the message showed before this toggle: where a failure goes back to. */
  previous: boolean
  requestId: number
  pending: boolean
}

export type SavedMessagesState = Readonly<Record<string, SavedToggle>>

export type SavedMessagesEvent =
  | { type: 'TOGGLE'; messageId: string; current: boolean; requestId: number }
  | { type: 'CONFIRMED'; messageId: string; requestId: number; saved: boolean }
  | { type: 'FAILED'; messageId: string; requestId: number }

export function savedMessagesReducer(
  state: SavedMessagesState,
  event: SavedMessagesEvent,
): SavedMessagesState {
  const entry = state[event.messageId]
  switch (event.type) {
    case 'TOGGLE':
      return {
        ...state,
        [event.messageId]: {
          saved: !event.current,
          previous: event.current,
          requestId: event.requestId,
          pending: true,
        },
      }
    case 'CONFIRMED':
      if (!entry || entry.requestId !== event.requestId) return state
      return { ...state, [event.messageId]: { ...entry, saved: event.saved, pending: false } }
    case 'FAILED':
      if (!entry || entry.requestId !== event.requestId) return state
      return { ...state, [event.messageId]: { ...entry, saved: entry.previous, pending: false } }
  }
}

/** What a message shows: the latest toggle, else the server's value. */
export const isMessageSaved = (state: SavedMessagesState, messageId: string, serverSaved: boolean) =>
  state[messageId]?.saved ?? serverSaved

const store = proxy<{ toggles: SavedMessagesState; nextRequestId: number }>({ toggles: {}, nextRequestId: 1 })

const dispatch = (event: SavedMessagesEvent) => {
  store.toggles = savedMessagesReducer(store.toggles, event)
}

/**
 * Toggles a message's saved state at once and asks the server; answers false (after rolling back) when the
 * server refused, so the caller can show 'Failed to save message'.
 */
export async function toggleSaved(
  messageId: string,
  serverSaved: boolean,
  request: (messageId: string, saved: boolean) => Promise<{ saved: boolean }>,
): Promise<boolean> {
  const current = isMessageSaved(store.toggles, messageId, serverSaved)
  const requestId = store.nextRequestId++
  dispatch({ type: 'TOGGLE', messageId, current, requestId })
  try {
    const answer = await request(messageId, !current)
    dispatch({ type: 'CONFIRMED', messageId, requestId, saved: answer.saved })
    return true
  } catch {
    dispatch({ type: 'FAILED', messageId, requestId })
    return false
  }
}

export function useMessageSaved(messageId: string, serverSaved: boolean): boolean {
  const snap = useSnapshot(store)
  return isMessageSaved(snap.toggles, messageId, serverSaved)
}

/** For tests. */
export function resetSavedMessages() {
  store.toggles = {}
}
