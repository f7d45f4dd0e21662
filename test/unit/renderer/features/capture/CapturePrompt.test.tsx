// @vitest-environment happy-dom
import { Theme } from '@radix-ui/themes'
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { CapturePill, type CapturePillProps } from '../../../../../renderer/src/features/capture/CapturePill'
import type { CaptureState } from '../../../../../renderer/src/features/capture/capture.model'
import { captureStrings as s } from '../../../../../renderer/src/features/capture/capture.strings'
import { ChatPrompt, type PromptTakeover } from '../../../../../renderer/src/features/chat/ChatPrompt'
import { chatStrings } from '../../../../../renderer/src/features/chat/chat.strings'
import { embedStrings } from '../../../../../renderer/src/features/embed/embed.strings'
import { type EmbedContext, PlatformProvider } from '../../../../../renderer/src/platform'
import { embedPlatform, fakeEmbed } from '../../support/embed'

afterEach(cleanup)

function pill(state: CaptureState, patch: Partial<CapturePillProps> = {}, embed: Partial<EmbedContext> = {}) {
  const props: CapturePillProps = {
    state,
    busy: false,
    cloneName: 'Lena Hart',
    onSkip: vi.fn(),
    onChange: vi.fn(),
    onResend: vi.fn(),
    ...patch,
  }
  const platform = embedPlatform(fakeEmbed({ mainSiteOrigin: 'https://likeness.example', ...embed }).embed)
  render(
    <PlatformProvider platform={platform}>
      <Theme>
        <CapturePill {...props} />
      </Theme>
    </PlatformProvider>,
  )
  return props
}

const buttons = () => screen.queryAllByRole('button').map((b) => b.textContent)

describe('the guidance pill (spec 1 §2, §5)', () => {
  it('asks for the email, with Skip', () => {
    const props = pill('COLLECTING_EMAIL')
    expect(screen.getByText('Provide Your Email')).toBeTruthy()
    expect(buttons()).toEqual([s.skip])
    fireEvent.click(screen.getByRole('button', { name: s.skip }))
    expect(props.onSkip).toHaveBeenCalledOnce()
  })

  it('asks for the email code, with Change Email and Resend Code', () => {
    const props = pill('COLLECTING_EMAIL_OTP')
    expect(screen.getByText('Enter The Six-Digit Security Code')).toBeTruthy()
    expect(buttons()).toEqual([s.changeEmail, s.resend])
    fireEvent.click(screen.getByRole('button', { name: s.changeEmail }))
    fireEvent.click(screen.getByRole('button', { name: s.resend }))
    expect(props.onChange).toHaveBeenCalledOnce()
    expect(props.onResend).toHaveBeenCalledOnce()
  })

  it('asks for the phone with the opt-in note, its terms and privacy links opening the main site', () => {
    pill('COLLECTING_PHONE_NUMBER')
    expect(screen.getByText('Provide Your Phone Number')).toBeTruthy()
    expect(buttons()).toEqual([])
    expect(screen.getByText(/agree to receive text messages from Lena Hart/)).toBeTruthy()
    const terms = screen.getByRole('link', { name: `${s.termsOfUse} ${embedStrings.opensInNewTab}` })
    const privacy = screen.getByRole('link', { name: `${s.privacyPolicy} ${embedStrings.opensInNewTab}` })
    // spec 1 §2 link translation: the main site's pages, saying which clone the visitor came from.
    expect(terms.getAttribute('href')).toBe('https://likeness.example/terms-of-use?representing=lena-hart')
    expect(privacy.getAttribute('href')).toBe(
      'https://likeness.example/privacy-policy?representing=lena-hart',
    )
    expect(terms.getAttribute('target')).toBe('_blank')
  })

  it('keeps the terms and privacy links when white-labelled: the text opt-in needs them', () => {
    pill('COLLECTING_PHONE_NUMBER', {}, { whitelabel: true })
    expect(screen.getByRole('link', { name: new RegExp(s.termsOfUse) }).getAttribute('href')).toBe(
      'https://likeness.example/terms-of-use?representing=lena-hart',
    )
    expect(screen.getByRole('link', { name: new RegExp(s.privacyPolicy) })).toBeTruthy()
  })

  it('asks for the phone code, with Change Number and Resend Code; no note', () => {
    pill('COLLECTING_PHONE_NUMBER_OTP')
    expect(screen.getByText('Enter The Six-Digit Security Code')).toBeTruthy()
    expect(buttons()).toEqual([s.changeNumber, s.resend])
    expect(screen.queryByRole('link')).toBeNull()
  })

  it('shows nothing while the capture starts, and disables its actions while a request is on its way', () => {
    pill('STARTING')
    expect(screen.queryByRole('region')).toBeNull()
    cleanup()
    pill('COLLECTING_EMAIL_OTP', { busy: true })
    for (const button of screen.getAllByRole('button')) expect(button.hasAttribute('disabled')).toBe(true)
  })
})

function prompt(takeover: Partial<PromptTakeover> | null) {
  const full: PromptTakeover | null = takeover
    ? {
        value: '',
        onChange: vi.fn(),
        onSubmit: vi.fn(),
        label: s.inputLabel.email,
        placeholder: s.emailPlaceholder,
        busy: false,
        above: <p>pill here</p>,
        ...takeover,
      }
    : null
  const onSend = vi.fn()
  render(
    <Theme>
      <ChatPrompt
        cloneName="Lena Hart"
        draft="a draft of the chat"
        onDraftChange={() => {}}
        onSend={onSend}
        onStop={() => {}}
        responsePending={false}
        streaming={false}
        suggestedQuestions={[{ id: 'q1', question: 'Why sleep?' }] as never}
        onAskSuggested={() => {}}
        onStartNewConversation={() => {}}
        onSendTranscript={() => {}}
        takeover={full}
      />
    </Theme>,
  )
  return { takeover: full, onSend }
}

describe('the prompt while capture holds it (spec 1 §4, §5)', () => {
  it('shows the capture’s field, placeholder and pill; the right button is send, even empty', () => {
    const { takeover, onSend } = prompt({})
    const field = screen.getByRole('textbox', { name: s.inputLabel.email }) as HTMLTextAreaElement
    expect(field.placeholder).toBe('Type your email...')
    expect(field.value).toBe('')
    expect(screen.getByText('pill here')).toBeTruthy()
    expect(screen.queryByRole('button', { name: chatStrings.plusMenu })).toBeNull()
    expect(screen.queryByRole('button', { name: chatStrings.suggestedQuestions })).toBeNull()
    fireEvent.click(screen.getByRole('button', { name: chatStrings.send }))
    expect(takeover?.onSubmit).toHaveBeenCalledOnce()
    expect(onSend).not.toHaveBeenCalled()
  })

  it('sends typing and Enter to the capture, not to the chat', () => {
    const { takeover, onSend } = prompt({ value: 'ada@example.com' })
    const field = screen.getByRole('textbox', { name: s.inputLabel.email })
    fireEvent.change(field, { target: { value: '- x' } })
    expect(takeover?.onChange).toHaveBeenCalledWith('- x')
    fireEvent.keyDown(field, { key: 'Enter' })
    expect(takeover?.onSubmit).toHaveBeenCalledOnce()
    expect(onSend).not.toHaveBeenCalled()
  })

  it('waits while a request is on its way', () => {
    const { takeover } = prompt({ value: '123456', busy: true, placeholder: s.codePlaceholder })
    fireEvent.keyDown(screen.getByRole('textbox', { name: s.inputLabel.email }), { key: 'Enter' })
    const send = screen.getByRole('button', { name: chatStrings.send })
    expect(send.hasAttribute('disabled')).toBe(true)
    expect(takeover?.onSubmit).not.toHaveBeenCalled()
  })

  it('is the chat’s own prompt without a takeover', () => {
    prompt(null)
    const field = screen.getByRole('textbox', { name: 'Message Lena Hart' }) as HTMLTextAreaElement
    expect(field.value).toBe('a draft of the chat')
    expect(
      within(field.parentElement as HTMLElement).getByRole('button', { name: chatStrings.plusMenu }),
    ).toBeTruthy()
  })
})
