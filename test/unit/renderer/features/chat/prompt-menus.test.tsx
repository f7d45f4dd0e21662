// @vitest-environment happy-dom
import { Theme } from '@radix-ui/themes'
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react'
import { Profiler } from 'react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { chatStrings } from '../../../../../renderer/src/features/chat/chat.strings'
import { PromptPlusMenu } from '../../../../../renderer/src/features/chat/PromptPlusMenu'
import { SuggestedQuestionsPopover } from '../../../../../renderer/src/features/chat/SuggestedQuestionsPopover'

afterEach(cleanup)

const questions = [
  { id: 'q1', question: 'How do I sleep better?' },
  { id: 'q2', question: 'What about caffeine?' },
]

/** The commits of the first render: a Radix popper mounted at once adds a second, synchronous one. */
function renderCounting(ui: React.ReactNode) {
  const commits: string[] = []
  render(
    <Theme>
      <Profiler id="under-test" onRender={(_, phase) => commits.push(phase)}>
        {ui}
      </Profiler>
    </Theme>,
  )
  return commits
}

describe('the chat prompt’s plus menu and suggested questions (set up on first use)', () => {
  it('render their buttons in one commit, with no menu or popover set up', () => {
    const commits = renderCounting(
      <>
        <PromptPlusMenu onStartNewConversation={() => {}} onUploadFile={() => {}} />
        <SuggestedQuestionsPopover questions={questions} disabled={false} onAsk={() => {}} />
      </>,
    )
    expect(commits).toEqual(['mount'])
    const plus = screen.getByRole('button', { name: chatStrings.plusMenu })
    expect(plus.getAttribute('aria-haspopup')).toBe('menu')
    expect(plus.getAttribute('aria-expanded')).toBe('false')
    expect(screen.queryByRole('menu')).toBeNull()
  })

  it('open the plus menu with the first press, and with Enter; Escape closes it', async () => {
    const onStart = vi.fn()
    renderCounting(<PromptPlusMenu onStartNewConversation={onStart} />)
    fireEvent.pointerDown(screen.getByRole('button', { name: chatStrings.plusMenu }), { button: 0 })
    const item = await screen.findByRole('menuitem', { name: chatStrings.startNewConversation })
    // The open menu is modal: Radix hides the rest of the page from assistive technology.
    const trigger = screen.getByRole('button', { name: chatStrings.plusMenu, hidden: true })
    expect(trigger.getAttribute('aria-expanded')).toBe('true')
    fireEvent.click(item)
    expect(onStart).toHaveBeenCalledTimes(1)
    expect(screen.queryByRole('menu')).toBeNull()

    fireEvent.keyDown(screen.getByRole('button', { name: chatStrings.plusMenu }), { key: 'Enter' })
    expect(await screen.findByRole('menu')).toBeTruthy()
    await act(async () => {
      fireEvent.keyDown(screen.getByRole('menu'), { key: 'Escape' })
    })
    expect(screen.queryByRole('menu')).toBeNull()
  })

  it('a right-click or a Ctrl-press leaves the plus menu closed', () => {
    renderCounting(<PromptPlusMenu onStartNewConversation={() => {}} />)
    const plus = screen.getByRole('button', { name: chatStrings.plusMenu })
    fireEvent.pointerDown(plus, { button: 2 })
    fireEvent.pointerDown(plus, { button: 0, ctrlKey: true })
    fireEvent.keyDown(plus, { key: 'a' })
    expect(screen.queryByRole('menu')).toBeNull()
  })

  it('open the suggested questions with the first click, and asking one closes them', async () => {
    const onAsk = vi.fn()
    renderCounting(<SuggestedQuestionsPopover questions={questions} disabled={false} onAsk={onAsk} />)
    fireEvent.click(screen.getByRole('button', { name: chatStrings.suggestedQuestions }))
    fireEvent.click(await screen.findByRole('button', { name: 'What about caffeine?' }))
    expect(onAsk).toHaveBeenCalledWith('What about caffeine?')
    expect(screen.queryByRole('button', { name: 'What about caffeine?' })).toBeNull()
  })
})
