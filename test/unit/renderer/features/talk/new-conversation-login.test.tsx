// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { MeResponse } from '../../../../../contract/auth'
import type { CloneProfile } from '../../../../../contract/clone'
import { authStrings } from '../../../../../renderer/src/features/auth/auth.strings'
import { chatStrings } from '../../../../../renderer/src/features/chat/chat.strings'
import { chatStream } from '../../../../../renderer/src/features/chat/chat-stream.store'
import { closeDialog, dialogs } from '../../../../../renderer/src/navigation/dialogs.store'
import { CONVERSATION_ID } from '../../support/chat'
import { lenaHart, tomasRivera } from '../../support/clones'
import { fakeChatApi } from '../../support/fake-chat-api'
import { giveElementsALayout } from '../../support/layout'
import { renderApp } from '../../support/render-app'

beforeEach(giveElementsALayout)

afterEach(() => {
  cleanup()
  closeDialog()
  chatStream.reset()
  vi.unstubAllGlobals()
  vi.restoreAllMocks()
})

const me: MeResponse = {
  user: {
    id: '00000000-0000-4000-8000-0000000000a1',
    name: 'Sam Visitor',
    email: 'sam@example.com',
    imageUrl: null,
    phoneNumber: null,
    telegramUsername: null,
    language: null,
    staff: false,
    plan: null,
    whitelabeled: false,
  },
  relationships: [],
}

const json = (body: unknown) =>
  new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } })

/** The talk page of `clone` after one answered message, signed in or not. */
async function afterOneAnswer(clone: CloneProfile, signedIn: boolean) {
  const chat = fakeChatApi([clone])
  const fetch = async (input: RequestInfo | URL, init?: RequestInit) =>
    signedIn && new URL(String(input), 'http://localhost').pathname === '/api/me'
      ? json(me)
      : chat.fetch(input, init)
  const app = await renderApp(`/${clone.slug}/talk`, { fetch })
  const prompt = await screen.findByRole('textbox', { name: `Message ${clone.name}` })
  fireEvent.change(prompt, { target: { value: 'How late can I drink coffee?' } })
  fireEvent.keyDown(prompt, { key: 'Enter' })
  await waitFor(() =>
    expect(app.router.state.location.pathname).toContain(`/conversation/${CONVERSATION_ID}`),
  )
  await screen.findByRole('article', { name: clone.name })
  return app
}

async function chooseStartNewConversation() {
  fireEvent.keyDown(screen.getByRole('button', { name: chatStrings.plusMenu }), { key: 'Enter' })
  fireEvent.click(await screen.findByRole('menuitem', { name: chatStrings.startNewConversation }))
}

// spec 1 §5 'Start New Conversation needs a logged-in user when email is not required off', §6.
describe('Start New Conversation', () => {
  it('asks a signed-out visitor to log in where the clone requires email, and keeps the conversation', async () => {
    const { router } = await afterOneAnswer(lenaHart(), false)
    await chooseStartNewConversation()
    expect(await screen.findByText(authStrings.loginRequired)).toBeTruthy()
    expect(dialogs.open).toMatchObject({ kind: 'signIn' })
    expect(router.state.location.pathname).toBe(`/lena-hart/talk/conversation/${CONVERSATION_ID}`)
    expect(screen.getByRole('article', { name: 'Lena Hart' })).toBeTruthy()
  })

  it('starts a new conversation for a signed-in user', async () => {
    const { router } = await afterOneAnswer(lenaHart(), true)
    await chooseStartNewConversation()
    await waitFor(() => expect(router.state.location.pathname).toBe('/lena-hart/talk'))
    expect(screen.queryByRole('article', { name: 'Lena Hart' })).toBeNull()
    expect(dialogs.open).toBeNull()
  })

  it('needs no login where the clone does not require email', async () => {
    const { router } = await afterOneAnswer(tomasRivera(), false)
    await chooseStartNewConversation()
    await waitFor(() => expect(router.state.location.pathname).toBe('/tomas-rivera/talk'))
    expect(screen.queryByRole('article', { name: 'Tomas Rivera' })).toBeNull()
    expect(dialogs.open).toBeNull()
  })
})
