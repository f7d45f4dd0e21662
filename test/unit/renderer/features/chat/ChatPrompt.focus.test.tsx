// @vitest-environment happy-dom
import { Theme } from '@radix-ui/themes'
import { cleanup, render, screen, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { ChatPrompt } from '../../../../../renderer/src/features/chat/ChatPrompt'

afterEach(() => {
  cleanup()
  vi.restoreAllMocks()
})

function prompt() {
  render(
    <Theme>
      <input aria-label="elsewhere" />
      <ChatPrompt
        cloneName="Lena Hart"
        draft=""
        onDraftChange={() => {}}
        onSend={() => {}}
        onStop={() => {}}
        responsePending={false}
        streaming={false}
        suggestedQuestions={[]}
        onAskSuggested={() => {}}
        onStartNewConversation={() => {}}
        onSendTranscript={() => {}}
      />
    </Theme>,
  )
  return screen.getByRole('textbox', { name: /Lena Hart/ })
}

const nextFrame = () => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)))

describe('the prompt takes focus (spec 1 §2) after the screen is drawn (issue #27)', () => {
  it('takes focus once the frame after its first render has been drawn, not inside the render', async () => {
    const field = prompt()
    // Focusing asks for the page's layout: inside the render's task that is the whole screen's (a long task).
    expect(document.activeElement).not.toBe(field)
    await waitFor(() => expect(document.activeElement).toBe(field))
  })

  it('leaves the focus where the visitor put it in the meantime', async () => {
    const field = prompt()
    const elsewhere = screen.getByRole('textbox', { name: 'elsewhere' })
    elsewhere.focus()
    await nextFrame()
    await nextFrame()
    expect(document.activeElement).toBe(elsewhere)
    expect(document.activeElement).not.toBe(field)
  })

  it('in a frame without the focus (an embed on another page), leaves the page around it its focus', async () => {
    // The studio's embeds page: its live preview's prompt took the focus from the New embed dialog's field.
    vi.spyOn(window, 'parent', 'get').mockReturnValue({} as Window & typeof globalThis)
    const hasFocus = vi.spyOn(document, 'hasFocus').mockReturnValue(false)
    const field = prompt()
    await nextFrame()
    await nextFrame()
    expect(document.activeElement).not.toBe(field)

    // A frame the visitor is in (they clicked into it) is like a page of its own.
    cleanup()
    hasFocus.mockReturnValue(true)
    const again = prompt()
    await waitFor(() => expect(document.activeElement).toBe(again))
  })
})
