import { toast } from 'sonner'
import { proxy, ref, useSnapshot } from 'valtio'
import { BotCheckErrorCode } from '../../../../contract/bot-check'
import {
  type ChatMessage,
  CONVERSATION_TITLE_MAX,
  type ConversationWithMessages,
  DEFAULT_CONVERSATION_TITLE,
  OutboundMessage,
  type StoreMessagesRequest,
  type StoreMessagesResponse,
  StreamEvent,
} from '../../../../contract/chat'
import { prepareBotToken } from '../../api/bot-check'
import {
  type ChatStreamAnswer,
  openChatStream,
  requestConversationTitle,
  storeMessages,
} from '../../api/chat'
import { updateConversation } from '../../api/history'
import { readEventStream } from '../../api/sse'
import { uploadFile } from '../../api/uploads'
import { type FailureContext, reportFailure, reportMessageFailure } from '../../lib/failure-reporting'
import {
  createDraftFiles,
  type DraftFile,
  type DraftFilesDeps,
  draftSendBlock,
  fileNameFromUrl,
  type SendBlock,
  type TakenFiles,
} from '../uploads'
import { STREAM_INACTIVITY_MS } from './chat.constants'
import { chatStrings } from './chat.strings'
import {
  type ChatStreamEvent,
  type ChatStreamModel,
  ChatStreamState,
  chatStreamReducer,
  initialChatStreamModel,
  isRetryable,
  type LocalStamp,
  localMessage,
} from './chat-stream.machine'

/*
 * The chat stream store (spec 1 §4 'Chat stream'). The machine's model lives outside valtio; the view proxy
 * mirrors it. Tokens only touch the plain model: the visible streaming text is copied at most once per
 * animation frame, so a fast stream re-renders the streaming message alone, once per frame.
 */

export interface ChatSession {
  slug: string | null
  instanceSlug: string | null
  instanceId: string | null
  locationId: string | null
  /** The conversation the page asked for (null on a fresh talk page). */
  conversationId: string | null
  /** The messages are known: a fresh conversation, a loaded one or one this page created. */
  loaded: boolean
}

export interface ChatStreamView {
  state: ChatStreamState
  outboundPending: boolean
  receiving: boolean
  /** Immutable messages (valtio refs: snapshots keep their identity, so memoised rows stay put). */
  messages: ChatMessage[]
  /** The reply being streamed, refreshed once per animation frame. */
  streaming: { text: string }
  conversationId: string | null
  title: string
  session: ChatSession
  /** The prompt's text (spec 1 §3 'Draft'). */
  draft: { text: string }
  /**
   * spec 1 §4 the 'sent file' flag: a message with files went out and its files are being read ('Analyzing
   * File'); lowered when the server says they are read (issue #15 `filesRead`), or by the first token.
   */
  sentFile?: boolean
}

/** The talk page's view: the thread's (which read-only views make too), plus the draft's files. */
export interface ChatStoreView extends ChatStreamView {
  /** The prompt's text and attached files (spec 1 §3 'Draft'). */
  draft: { text: string; files: DraftFile[] }
  sentFile: boolean
}

export type SendOutcome =
  | { kind: 'completed'; message: ChatMessage; conversationId: string; newConversation: boolean }
  /**
   * Error event, broken stream, malformed data: the question stays and the reply so far is kept as an
   * interrupted answer the visitor may retry. `conversationId` is set when the server had stored the question.
   */
  | { kind: 'failed'; error: unknown; conversationId: string | null; newConversation: boolean }
  | { kind: 'timeout'; conversationId: string | null; newConversation: boolean }
  /** Stopped by the visitor; the partial reply was kept (and stored when conversationId is set). */
  | { kind: 'aborted'; conversationId: string | null; newConversation: boolean }
  /** The server refused it (non-OK): the draft was restored. 402 is usage enforcement. */
  | {
      kind: 'rejected'
      status: number
      statusText: string
      paymentRequired: boolean
      /** Refused for its bot-protection token (issue #27), even after a new one: said so to the visitor. */
      botCheckFailed?: true
    }
  /** The outbound message failed the schema: nothing was sent. */
  | { kind: 'invalid' }
  /** A response is pending: nothing was sent. */
  | { kind: 'blocked' }
  /** Empty or whitespace text: nothing was sent. */
  | { kind: 'empty' }
  /** A draft file is uploading or failed (spec 1 §4): nothing was sent. */
  | { kind: 'filesNotReady'; reason: SendBlock }

export interface ChatStreamDeps extends Omit<DraftFilesDeps, 'newId'> {
  openStream: (message: OutboundMessage, signal: AbortSignal) => Promise<ChatStreamAnswer>
  storeMessages: (request: StoreMessagesRequest) => Promise<StoreMessagesResponse>
  requestTitle: (message: string) => Promise<string>
  /** Stores a conversation's title (spec 1 §7 updateConversationTitle). */
  saveTitle: (conversationId: string, title: string) => Promise<unknown>
  requestFrame: (callback: () => void) => number
  cancelFrame: (handle: number) => void
  setTimer: (callback: () => void, ms: number) => unknown
  clearTimer: (handle: unknown) => void
  newStamp: () => LocalStamp
  timezone: () => string | null
  log: (message: string, error?: unknown) => void
  /**
   * spec 1 §7 'failure reporter for message' (lib/failure-reporting.ts): a sent message whose answer failed,
   * with ids and counts only, never its text.
   */
  reportMessageFailure: (error: unknown, context: FailureContext) => void
  /** Tells the visitor that attached files could not be read, and why (issue #15). */
  notifyUnreadFiles: (files: readonly { name: string; reason: string }[]) => void
  /** Starts getting the next message's bot-protection token while the visitor types (api/bot-check.ts). */
  prepareBotToken: () => void
}

/**
 * The browser's time zone, resolved once: the first Intl.DateTimeFormat() can take tens of milliseconds
 * (its locale data loads), too long for the task that sends a message. Resolved while the page is idle.
 */
let resolvedTimezone: string | null | undefined
const browserTimezone = () => {
  if (resolvedTimezone === undefined) {
    try {
      resolvedTimezone = Intl.DateTimeFormat().resolvedOptions().timeZone || null
    } catch {
      resolvedTimezone = null
    }
  }
  return resolvedTimezone
}
if (typeof requestIdleCallback === 'function') requestIdleCallback(() => browserTimezone())

const defaultDeps = (): ChatStreamDeps => ({
  openStream: (message, signal) => openChatStream(message, signal),
  storeMessages: (request) => storeMessages(request),
  requestTitle: (message) => requestConversationTitle(message),
  saveTitle: (conversationId, title) => updateConversation(conversationId, { title }),
  requestFrame: (callback) =>
    typeof requestAnimationFrame === 'function'
      ? requestAnimationFrame(() => callback())
      : (setTimeout(callback, 16) as unknown as number),
  cancelFrame: (handle) =>
    typeof cancelAnimationFrame === 'function' ? cancelAnimationFrame(handle) : clearTimeout(handle),
  setTimer: (callback, ms) => setTimeout(callback, ms),
  clearTimer: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
  newStamp: () => ({ id: crypto.randomUUID(), createdAt: new Date().toISOString() }),
  timezone: browserTimezone,
  log: (message, error) => console.warn(message, error),
  uploadFile: (file, options) => uploadFile(file, options),
  createPreviewUrl: (file) => URL.createObjectURL(file),
  revokePreviewUrl: (url) => URL.revokeObjectURL(url),
  // spec 1 §8 'Uploads: failures … are reported': the file's name stays out of the report.
  report: (_message, error) => reportFailure('upload', error),
  reportMessageFailure: (error, context) => reportMessageFailure(error, context),
  notifyUnreadFiles: (files) => {
    for (const file of files) toast.warning(chatStrings.fileNotRead(file.name), { description: file.reason })
  },
  prepareBotToken,
})

const emptySession = (): ChatSession => ({
  slug: null,
  instanceSlug: null,
  instanceId: null,
  locationId: null,
  conversationId: null,
  loaded: true,
})

interface InFlight {
  epoch: number
  controller: AbortController
  text: string
  /** The uploaded files the message carries (stored with it when the visitor stops the reply). */
  files: string[]
  /** The question's client id: a retry sends it again, and a stop stores the reply with that question. */
  clientMessageId: string
  newConversation: boolean
  timer: unknown
  /** Set when the visitor or the watchdog ended the stream: what send() answers. */
  settled: Promise<SendOutcome> | null
}

interface SendOptions {
  /** The prompt's own send: the draft's files go with it and the draft is cleared. */
  fromDraft?: boolean
  /** A retry of an interrupted answer (see retry()). */
  retry?: { question: ChatMessage; reply: ChatMessage }
}

export interface OpenSessionInput {
  slug: string
  instanceSlug?: string | null
  instanceId?: string | null
  locationId?: string | null
  conversationId?: string | null
}

export function createChatStreamStore(overrides: Partial<ChatStreamDeps> = {}) {
  const deps: ChatStreamDeps = {
    ...defaultDeps(),
    // A store whose stream is faked has no server to ask for a token.
    ...(overrides.openStream ? { prepareBotToken: () => undefined } : {}),
    ...overrides,
  }
  let model: ChatStreamModel = initialChatStreamModel()
  let frame: number | null = null
  let epoch = 0
  let inflight: InFlight | null = null

  const view = proxy<ChatStoreView>({
    state: model.state,
    outboundPending: false,
    receiving: false,
    messages: [],
    streaming: { text: '' },
    conversationId: null,
    title: '',
    session: emptySession(),
    draft: { text: '', files: [] },
    sentFile: false,
  })
  const draftFiles = createDraftFiles(view.draft, { ...deps, newId: () => deps.newStamp().id })

  const showBuffer = () => {
    if (view.streaming.text !== model.buffer) view.streaming.text = model.buffer
  }
  const cancelFlush = () => {
    if (frame !== null) deps.cancelFrame(frame)
    frame = null
  }
  const scheduleFlush = () => {
    if (frame !== null) return
    frame = deps.requestFrame(() => {
      frame = null
      showBuffer()
    })
  }

  /** Runs the machine and mirrors what changed into the view. */
  const dispatch = (event: ChatStreamEvent) => {
    const previous = model
    model = chatStreamReducer(model, event)
    if (model === previous) return
    if (view.state !== model.state) view.state = model.state
    if (view.outboundPending !== model.outboundPending) view.outboundPending = model.outboundPending
    if (view.receiving !== model.receiving) view.receiving = model.receiving
    if (view.conversationId !== model.conversationId) view.conversationId = model.conversationId
    if (model.messages !== previous.messages) view.messages = model.messages.map((m) => ref(m))
    if (event.type === 'TOKEN') scheduleFlush()
    else {
      cancelFlush()
      showBuffer()
    }
  }

  const clearWatchdog = (flight: InFlight) => {
    if (flight.timer !== undefined) deps.clearTimer(flight.timer)
    flight.timer = undefined
  }

  /** spec 1 §8: 30 s without any data (heartbeats count) aborts the stream. */
  const armWatchdog = (flight: InFlight) => {
    clearWatchdog(flight)
    flight.timer = deps.setTimer(() => {
      if (inflight !== flight || flight.settled) return
      flight.settled = Promise.resolve({
        kind: 'timeout',
        conversationId: model.conversationId,
        newConversation: flight.newConversation,
      })
      flight.controller.abort(new DOMException(chatStrings.timeout, 'TimeoutError'))
      dispatch({ type: 'TIMEOUT', stamp: deps.newStamp() })
    }, STREAM_INACTIVITY_MS)
  }

  const lowerSentFile = () => {
    view.sentFile = false
  }
  /**
   * spec 1 §4, §9 the 'sent file' flag. Issue #15: 'Analyzing File' ends when the files have been read, not
   * after a fixed 4 s: the flag stays up until the `filesRead` event (or, from a server that sends none, the
   * first token), then the usual dots show until the answer starts.
   */
  const raiseSentFile = () => {
    view.sentFile = true
  }

  const maybeSetTitle = (firstText: string, forEpoch: number, conversationId: string) => {
    if (view.title && view.title !== DEFAULT_CONVERSATION_TITLE) return
    deps
      .requestTitle(firstText)
      .then(async (suggested) => {
        const title = suggested.trim().slice(0, CONVERSATION_TITLE_MAX).trim()
        if (!title) return
        if (forEpoch === epoch) view.title = title
        // Stored, not only shown: history and every other device see the same title.
        await deps.saveTitle(conversationId, title)
      })
      .catch((error) => deps.log('Could not set the conversation title', error))
  }

  /** Sends a message (spec 1 §4). Answers what happened; the caller shows toasts and navigates. */
  async function send(text: string, options: SendOptions = {}): Promise<SendOutcome> {
    if (model.state !== ChatStreamState.IDLE || inflight) return { kind: 'blocked' }
    if (!text.trim()) return { kind: 'empty' }
    // Only the prompt's own sends carry the draft's files (a suggested question leaves them attached).
    const attached = options.fromDraft ? view.draft.files : []
    const notReady = draftSendBlock(text, attached)
    if (notReady) return { kind: 'filesNotReady', reason: notReady }
    const session = view.session
    const outbound: OutboundMessage = {
      text: text.trim(),
      slug: session.slug ?? '',
      conversationId: model.conversationId,
      instanceId: session.instanceId,
      locationId: session.locationId,
      timezone: deps.timezone(),
      files: options.retry
        ? [...options.retry.question.files]
        : attached.flatMap((f) => (f.url ? [f.url] : [])),
      // One id per question, sent again by a retry: the server stores the question once (issue #11).
      clientMessageId: options.retry?.question.clientMessageId ?? deps.newStamp().id,
    }
    // Issue #15: this client reads the `filesRead` event, which ends 'Analyzing File'.
    if (outbound.files && outbound.files.length > 0) outbound.filesReadEvent = true
    const checked = OutboundMessage.safeParse(outbound)
    if (!checked.success) {
      deps.log(chatStrings.invalidOutbound, checked.error)
      return { kind: 'invalid' }
    }

    const newConversation = model.conversationId === null
    const isFirstMessage = !model.messages.some((m) => m.sender === 'USER' && m !== options.retry?.question)
    const flight: InFlight = {
      epoch,
      controller: new AbortController(),
      text: checked.data.text,
      files: checked.data.files,
      clientMessageId: checked.data.clientMessageId!,
      newConversation,
      timer: undefined,
      settled: null,
    }
    inflight = flight
    const files = checked.data.files
    if (options.retry) dispatch({ type: 'RETRY', ...options.retry })
    else {
      dispatch({
        type: 'SEND',
        userMessage: {
          ...localMessage('USER', checked.data.text, deps.newStamp(), model.conversationId),
          files,
          clientMessageId: flight.clientMessageId,
        },
      })
    }
    let taken: TakenFiles | null = null
    if (options.fromDraft) {
      view.draft.text = ''
      taken = draftFiles.take()
    }
    if (files.length > 0) raiseSentFile()
    armWatchdog(flight)

    try {
      const answer = await deps.openStream(checked.data, flight.controller.signal)
      if (flight.settled) return await flight.settled
      if (!answer.ok) {
        dispatch({ type: 'REJECT' })
        // spec 1 §8: the draft text is restored (402 included: the draft is never lost), files too. A retry
        // came from no draft: its question stays in the thread instead.
        if (!options.retry) view.draft.text = text
        taken?.restore()
        lowerSentFile()
        return {
          kind: 'rejected',
          status: answer.status,
          statusText: answer.statusText,
          paymentRequired: answer.status === 402,
          ...(answer.code === BotCheckErrorCode.botCheckFailed ? { botCheckFailed: true as const } : {}),
        }
      }
      armWatchdog(flight)
      let final: Extract<StreamEvent, { message: ChatMessage }> | null = null
      await readEventStream(answer.body, {
        schema: StreamEvent,
        signal: flight.controller.signal,
        onActivity: () => armWatchdog(flight),
        onEvent: (event) => {
          if ('current_token' in event) {
            if (view.sentFile) lowerSentFile()
            dispatch({ type: 'TOKEN', token: event.current_token })
            return
          }
          if ('accepted' in event) {
            dispatch({ type: 'ACCEPTED', ...event.accepted })
            return
          }
          if ('filesRead' in event) {
            lowerSentFile()
            const unread = event.filesRead.flatMap((file) =>
              file.state === 'failed' ? [{ name: fileNameFromUrl(file.url), reason: file.error ?? '' }] : [],
            )
            if (unread.length > 0) deps.notifyUnreadFiles(unread)
            return
          }
          if ('error' in event) throw new Error(`${event.error.code}: ${event.error.message}`)
          final = event
          return 'stop'
        },
      })
      if (flight.settled) return await flight.settled
      const finished = final as Extract<StreamEvent, { message: ChatMessage }> | null
      if (!finished) throw new Error('The stream ended without a final message.')
      dispatch({ type: 'FINAL', message: finished.message, userMessage: finished.userMessage })
      if (isFirstMessage) maybeSetTitle(checked.data.text, flight.epoch, finished.message.conversationId)
      return {
        kind: 'completed',
        message: finished.message,
        conversationId: finished.message.conversationId,
        newConversation,
      }
    } catch (error) {
      if (flight.settled) return await flight.settled
      deps.log(chatStrings.streamFailed, error)
      deps.reportMessageFailure(error, {
        slug: session.slug,
        conversationId: model.conversationId,
        clientMessageId: flight.clientMessageId,
        fileCount: files.length,
        retry: Boolean(options.retry),
        receiving: view.receiving,
      })
      if (flight.epoch === epoch) dispatch({ type: 'FAIL', stamp: deps.newStamp() })
      return {
        kind: 'failed',
        error,
        conversationId: flight.epoch === epoch ? model.conversationId : null,
        newConversation,
      }
    } finally {
      lowerSentFile()
      clearWatchdog(flight)
      taken?.release()
      if (inflight === flight) inflight = null
    }
  }

  /** The visitor stops the reply: the partial answer stays as a clone message and is stored (spec 1 §4). */
  function stop(): Promise<SendOutcome> | null {
    const flight = inflight
    if (!flight || flight.settled) return flight?.settled ?? null
    const userMessage = model.pendingUserMessage
    const partial = model.buffer
    const stamp = deps.newStamp()
    const session = view.session
    flight.controller.abort(new DOMException(chatStrings.responseCancelled, 'AbortError'))
    dispatch({ type: 'ABORT', stamp })
    const request: StoreMessagesRequest = {
      slug: session.slug ?? '',
      conversationId: model.conversationId,
      instanceId: session.instanceId,
      userText: flight.text,
      userFiles: flight.files,
      cloneText: partial,
      clientMessageId: flight.clientMessageId,
    }
    flight.settled = deps
      .storeMessages(request)
      .then((stored): SendOutcome => {
        if (flight.epoch === epoch) {
          dispatch({
            type: 'PERSISTED',
            conversationId: stored.conversationId,
            replace: [userMessage?.id, partial ? stamp.id : undefined].filter((id): id is string => !!id),
            messages: stored.messages,
          })
        }
        return {
          kind: 'aborted',
          conversationId: stored.conversationId,
          newConversation: flight.newConversation,
        }
      })
      .catch((error): SendOutcome => {
        deps.log(chatStrings.saveFailed, error)
        return { kind: 'aborted', conversationId: null, newConversation: flight.newConversation }
      })
    return flight.settled
  }

  /**
   * Asks again for the interrupted answer that ends the thread, with its question's text, files and client
   * id: the server answers the question it stored, never storing it twice (issue #11).
   */
  function retry(messageId: string): Promise<SendOutcome> {
    const reply = model.messages.at(-1)
    const question = model.messages.findLast((m) => m.sender === 'USER')
    if (!reply || reply.id !== messageId || !isRetryable(reply) || !question) {
      return Promise.resolve({ kind: 'blocked' })
    }
    return send(question.text, { retry: { question, reply } })
  }

  /**
   * The page shows a clone's talk screen, optionally for a conversation. Idempotent: the same target keeps
   * the current messages (StrictMode effects, the hop from /talk to /talk/conversation/{id} after the first
   * answer); another target stops any reply in flight and starts empty.
   */
  function openSession(input: OpenSessionInput) {
    const target: ChatSession = {
      slug: input.slug,
      instanceSlug: input.instanceSlug ?? null,
      instanceId: input.instanceId ?? null,
      locationId: input.locationId ?? null,
      conversationId: input.conversationId ?? null,
      loaded: !input.conversationId,
    }
    const current = view.session
    const sameClone = current.slug === target.slug && current.instanceSlug === target.instanceSlug
    const sameConversation =
      target.conversationId === null
        ? model.conversationId === null
        : target.conversationId === model.conversationId || target.conversationId === current.conversationId
    // Files uploaded for one clone are not sent to another.
    if (!sameClone) draftFiles.clear()
    if (sameClone && sameConversation) {
      current.instanceId = target.instanceId
      current.locationId = target.locationId
      if (target.conversationId && model.conversationId === target.conversationId) current.loaded = true
      current.conversationId = target.conversationId ?? model.conversationId
      return
    }
    startOver(target)
  }

  function startOver(target: ChatSession) {
    if (inflight) void stop()
    epoch += 1
    inflight = null
    dispatch({ type: 'RESET' })
    lowerSentFile()
    view.title = ''
    view.session = target
  }

  /** 'Start New Conversation': an empty conversation with the same clone. */
  function startNewConversation() {
    const current = view.session
    if (!current.slug) return
    startOver({ ...current, conversationId: null, loaded: true })
  }

  /** Shows a fetched conversation (GET conversation), unless the page has moved on or already has it. */
  function loadConversation(conversation: ConversationWithMessages) {
    const session = view.session
    if (session.conversationId !== conversation.id || session.loaded) return
    if (inflight) return
    dispatch({ type: 'LOAD', conversationId: conversation.id, messages: conversation.messages })
    view.title = conversation.title
    session.loaded = true
  }

  /** Creator announcements for the open conversation (the talk page's poll); true when any was new. */
  function addAnnouncements(conversationId: string, messages: readonly ChatMessage[]): boolean {
    const before = model.messages
    dispatch({ type: 'ANNOUNCED', conversationId, messages })
    return model.messages !== before
  }

  /** A title changed elsewhere (history's rename): shown when it is this page's conversation. */
  function setTitle(conversationId: string, title: string) {
    if (model.conversationId === conversationId) view.title = title
  }

  const setDraft = (text: string) => {
    view.draft.text = text
    if (text.trim()) deps.prepareBotToken()
  }

  /** Attaches files to the draft, each uploading at once; answers the ones refused (spec 1 §5). */
  const addDraftFiles = (files: readonly File[]) => draftFiles.add(files)
  const removeDraftFile = (id: string) => draftFiles.remove(id)
  const retryDraftFile = (id: string) => draftFiles.retry(id)

  /** For tests and sign-out: everything back to the start. */
  function reset() {
    startOver(emptySession())
    view.draft.text = ''
    draftFiles.clear()
  }

  return {
    state: view,
    send,
    stop,
    retry,
    openSession,
    startNewConversation,
    loadConversation,
    addAnnouncements,
    setTitle,
    setDraft,
    addDraftFiles,
    removeDraftFile,
    retryDraftFile,
    reset,
    /** The reply so far, including tokens not yet shown (for tests). */
    bufferedText: () => model.buffer,
  }
}

export type ChatStreamStore = ReturnType<typeof createChatStreamStore>

/** The app's one chat stream. */
export const chatStream = createChatStreamStore()

/** Whether a response is pending or streaming (spec 1 §4: sending is blocked meanwhile). */
export const isResponsePending = (view: Pick<ChatStreamView, 'state'>) => view.state !== ChatStreamState.IDLE

export const useChatStreamStatus = (store: ChatStreamStore = chatStream) => {
  const snap = useSnapshot(store.state)
  return { state: snap.state, outboundPending: snap.outboundPending, receiving: snap.receiving }
}
