import {
  PROMPT_MAX_HEIGHT_PX,
  PROMPT_MAX_HEIGHT_SMALL_PX,
  PROMPT_MIN_HEIGHT_PX,
  SMALL_SCREEN_MAX_WIDTH_PX,
} from './chat.constants'

/** What a key press in the prompt does (spec 1 §5 'Messages'). */
export type PromptKeyAction =
  /** Enter: send the draft. */
  | 'send'
  /** Enter while a response is pending: swallowed, nothing happens. */
  | 'ignore'
  /** Anything else (Shift+Enter adds a line): the textarea's own behaviour. */
  | 'default'

export interface PromptKey {
  key: string
  shiftKey: boolean
  /** IME composition: Enter confirms the composed text and must never send. */
  isComposing?: boolean
}

/** `blocked`: a response is pending, or a dictation is recording (spec 2 §4: sending is blocked). */
export function promptKeyAction(event: PromptKey, blocked: boolean): PromptKeyAction {
  if (event.key !== 'Enter' || event.shiftKey || event.isComposing) return 'default'
  return blocked ? 'ignore' : 'send'
}

export const BULLET = '• '

/** spec 1 §5: a line starting with '- ' becomes a bullet as you type. Same length, so the caret stays put. */
export const bulletize = (text: string): string => text.replace(/^- /gm, BULLET)

/** The right button of the prompt (spec 1 §4 'Right prompt button'). */
export type PromptRightButton = 'stop' | 'send' | 'mic'

/**
 * Attached files make a draft too: the send button then says what is missing (spec 1 §4). While dictating
 * the mic stays (as 'Stop recording and send', spec 2 §2). While a capture is in progress it is send.
 */
export function promptRightButton(
  responsePending: boolean,
  draft: string,
  hasFiles = false,
  dictating = false,
  captureInProgress = false,
): PromptRightButton {
  if (dictating) return 'mic'
  if (responsePending) return 'stop'
  return draft.trim() || hasFiles || captureInProgress ? 'send' : 'mic'
}

/** spec 1 §5 / §9: 120 px on screens up to 640 px wide, else 210 px. */
export const promptMaxHeight = (viewportWidth: number) =>
  viewportWidth <= SMALL_SCREEN_MAX_WIDTH_PX ? PROMPT_MAX_HEIGHT_SMALL_PX : PROMPT_MAX_HEIGHT_PX

/** The auto-grown height for the content's scroll height: at least 52 px, at most the screen's maximum. */
export const promptHeight = (scrollHeight: number, viewportWidth: number) =>
  Math.min(Math.max(scrollHeight, PROMPT_MIN_HEIGHT_PX), promptMaxHeight(viewportWidth))

/** Up to `count` questions in random order (the popover's 'Shuffle'); `random` is injectable for tests. */
export function sampleQuestions<T>(
  questions: readonly T[],
  count: number,
  random: () => number = Math.random,
): T[] {
  const pool = [...questions]
  for (let i = pool.length - 1; i > 0; i -= 1) {
    const j = Math.floor(random() * (i + 1))
    ;[pool[i], pool[j]] = [pool[j] as T, pool[i] as T]
  }
  return pool.slice(0, count)
}
