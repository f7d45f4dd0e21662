/** spec 1 §4 / spec 2 §4 'Read aloud': idle, loading, playing, error; one active message at a time. */
export const ReadAloudStatus = {
  idle: 'idle',
  loading: 'loading',
  playing: 'playing',
  error: 'error',
} as const
export type ReadAloudStatus = (typeof ReadAloudStatus)[keyof typeof ReadAloudStatus]

export interface ReadAloudState {
  status: ReadAloudStatus
  /** The one message being (or last) read aloud; null when idle. */
  messageId: string | null
}

export type ReadAloudEvent =
  /** Asked to read a message: whatever was active gives way. */
  | { type: 'START'; messageId: string }
  /** The audio of the message started playing. */
  | { type: 'PLAYING'; messageId: string }
  /** Its audio played to the end. */
  | { type: 'ENDED'; messageId: string }
  /** Loading or playing it failed (including the browser refusing to play). */
  | { type: 'FAIL'; messageId: string }
  /** Stopped by the visitor, by another start, or by leaving the conversation. */
  | { type: 'STOP' }

export const initialReadAloudState: ReadAloudState = { status: ReadAloudStatus.idle, messageId: null }

/** The transitions; events about a message that is no longer the active one change nothing. */
export function readAloudReducer(state: ReadAloudState, event: ReadAloudEvent): ReadAloudState {
  switch (event.type) {
    case 'START':
      return { status: ReadAloudStatus.loading, messageId: event.messageId }
    case 'STOP':
      return initialReadAloudState
    case 'PLAYING':
      return state.messageId === event.messageId && state.status === ReadAloudStatus.loading
        ? { status: ReadAloudStatus.playing, messageId: event.messageId }
        : state
    case 'ENDED':
      return state.messageId === event.messageId && state.status === ReadAloudStatus.playing
        ? initialReadAloudState
        : state
    case 'FAIL':
      return state.messageId === event.messageId &&
        (state.status === ReadAloudStatus.loading || state.status === ReadAloudStatus.playing)
        ? { status: ReadAloudStatus.error, messageId: event.messageId }
        : state
  }
}

/** The status one message shows: its own when it is the active one, idle otherwise. */
export const statusOf = (state: ReadAloudState, messageId: string): ReadAloudStatus =>
  state.messageId === messageId ? state.status : ReadAloudStatus.idle
