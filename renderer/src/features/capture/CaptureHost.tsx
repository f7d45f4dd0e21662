import './capture.css'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useEffect, useMemo, useRef, useState } from 'react'
import { toast } from 'sonner'
import { useSnapshot } from 'valtio'
import { countryFromLanguage } from '../../../../contract/phone'
import { monetizationQuery } from '../../api/billing'
import { countryQuery, optInQuery } from '../../api/texting'
import { getPlatform } from '../../platform'
import { useCurrentUser } from '../auth'
import type { PromptTakeover, ThreadLine } from '../chat'
import { CapturePill } from './CapturePill'
import { type CaptureModel, CaptureState, captureInProgress } from './capture.model'
import { createCaptureStore } from './capture.store'
import { captureStrings as s } from './capture.strings'
import type { CaptureInput, CaptureView } from './capture.types'
import { captureRequests } from './capture-requests'

const browserLanguage = () => (typeof navigator === 'undefined' ? null : navigator.language)

/** spec 1 §5: the field's placeholder, label and keyboard for each step. */
function fieldFor(
  state: CaptureState,
): Pick<PromptTakeover, 'placeholder' | 'label' | 'inputMode' | 'autoComplete'> {
  switch (state) {
    case CaptureState.COLLECTING_EMAIL:
      return {
        placeholder: s.emailPlaceholder,
        label: s.inputLabel.email,
        inputMode: 'email',
        autoComplete: 'email',
      }
    case CaptureState.COLLECTING_PHONE_NUMBER:
      return {
        placeholder: s.phonePlaceholder,
        label: s.inputLabel.phone,
        inputMode: 'tel',
        autoComplete: 'tel',
      }
    case CaptureState.COLLECTING_EMAIL_OTP:
    case CaptureState.COLLECTING_PHONE_NUMBER_OTP:
      return {
        placeholder: s.codePlaceholder,
        label: s.inputLabel.code,
        inputMode: 'text',
        autoComplete: 'one-time-code',
      }
    default:
      return { placeholder: s.defaultPlaceholder, label: s.inputLabel.waiting }
  }
}

const notify = (kind: 'error' | 'info' | 'success', text: string) => {
  // One toast for the resend: 'Resending code...' becomes 'Code resent' (spec 1 §8 'Auth').
  if (kind === 'error') toast.error(text, { id: 'capture' })
  else if (kind === 'info') toast.loading(text, { id: 'capture' })
  else toast.success(text, { id: 'capture' })
}

/** The capture of the chat page in embed mode (lazy chunk): its store, what it needs to know, its view. */
export default function CaptureHost({
  input,
  onView,
}: Readonly<{ input: CaptureInput; onView: (view: CaptureView) => void }>) {
  const queryClient = useQueryClient()
  const embed = getPlatform().embed
  const latest = useRef(input)
  latest.current = input
  const country = useRef<string | null>(null)
  const [store] = useState(() =>
    createCaptureStore(
      captureRequests({
        queryClient,
        slug: input.slug,
        instanceSlug: input.instanceSlug,
        requirePhone: () => latest.current.requirePhone,
        conversationId: () => latest.current.conversationId,
        country: () => country.current,
        notify,
      }),
    ),
  )
  useEffect(() => () => store.dispose(), [store])
  const snap = useSnapshot(store.state)
  const model = snap.model as CaptureModel

  const { user, loaded: userLoaded } = useCurrentUser()
  const monetization = useQuery(monetizationQuery(input.slug))
  const wantsOptIn = user !== null && input.requirePhone
  const optIn = useQuery({ ...optInQuery(input.slug), enabled: wantsOptIn })
  const geo = useQuery({ ...countryQuery(), enabled: model.state === CaptureState.COLLECTING_PHONE_NUMBER })
  country.current = geo.data?.country ?? countryFromLanguage(browserLanguage())

  // spec 1 §4 'Setup': PREFLIGHT until the clone, the user and the usage (quota) are known.
  const lastMessageId = input.messages.at(-1)?.id ?? null
  const conversationId = input.conversationId
  const known = userLoaded && !monetization.isPending && input.loaded && (!wantsOptIn || !optIn.isPending)
  const optedIn = optIn.data?.opt_in.optIn ?? false
  useEffect(() => {
    if (!known) return
    store.setup({
      embed: embed !== null,
      sharedView: latest.current.sharedView,
      requireEmail: latest.current.requireEmail,
      requirePhone: latest.current.requirePhone,
      user: user ? { phoneNumber: user.phoneNumber, optedIn } : null,
      lastMessageId: latest.current.messages.at(-1)?.id ?? null,
      conversationId: latest.current.conversationId,
    })
  }, [known, store, embed, user, optedIn])

  // spec 1 §4: the check counts the visitor's messages against the anonymous quota.
  const threadMessages = input.messages.filter((m) => m.sender === 'USER').length
  const userMessages = Math.max(threadMessages, input.usedMessages ?? 0)
  const quota = monetization.data?.anonymous_quota.messages ?? null
  useEffect(() => {
    store.progress({ userMessages, quota, busy: input.busy, lastMessageId, conversationId })
  }, [store, userMessages, quota, input.busy, lastMessageId, conversationId])

  // The lines belong to the conversation open when the capture started (a new one starts without).
  const showLines = model.conversationId === null || model.conversationId === input.conversationId

  const lines = useMemo<readonly ThreadLine[]>(() => {
    if (!showLines) return []
    const shown: ThreadLine[] = model.lines.map((line) => ({
      key: line.id,
      from: line.from,
      text: line.text,
      afterMessageId: line.afterMessageId,
    }))
    if (model.state === CaptureState.STARTING)
      shown.push({ key: 'capture-typing', from: 'typing', text: '', afterMessageId: model.anchor })
    return shown
  }, [showLines, model.lines, model.state, model.anchor])

  const takeover = useMemo<PromptTakeover | null>(() => {
    if (!captureInProgress(model.state)) return null
    return {
      ...fieldFor(model.state),
      value: snap.input,
      onChange: store.setInput,
      onSubmit: store.submit,
      busy: model.busy || model.state === CaptureState.STARTING,
      above: (
        <CapturePill
          state={model.state}
          busy={model.busy}
          cloneName={input.cloneName}
          onSkip={store.skip}
          onChange={store.change}
          onResend={store.resend}
        />
      ),
    }
  }, [model.state, model.busy, snap.input, store, input.cloneName])

  const view = useMemo<CaptureView>(
    () => ({
      state: model.state,
      lines,
      scrollKey: snap.scrollKey,
      takeover,
      replacesPaywall: store.replacesPaywall,
    }),
    [model.state, lines, snap.scrollKey, takeover, store],
  )
  useEffect(() => onView(view), [onView, view])
  return null
}
