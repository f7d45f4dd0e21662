// @vitest-environment happy-dom
import { cleanup, screen } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { chatStream } from '../../../../../renderer/src/features/chat/chat-stream.store'
import { dictationLabels } from '../../../../../renderer/src/features/dictation/dictation.strings'
import { renderTalk } from '../../../../../server/web/prerender'
import { lenaHart } from '../../support/clones'
import { fakeChatApi } from '../../support/fake-chat-api'
import { giveElementsALayout } from '../../support/layout'
import { renderApp } from '../../support/render-app'

/*
 * spec-gaps P1-91: the talk screen the server writes (server/web/prerender.ts) has the mic the live prompt
 * has on its first mount: 'Record voice message', enabled, not recording. Screen readers and no-JS readers
 * get the same button before and after the app takes over.
 */

// happy-dom gives modules an http: import.meta.url; the server finds its catalogs by file path.
vi.mock('../../../../../server/paths', async () => {
  const path = await import('node:path')
  const server = path.resolve(__dirname, '../../../../../server')
  return { serverPath: (relative: string) => path.resolve(server, relative) }
})

afterEach(() => {
  cleanup()
  chatStream.reset()
  vi.unstubAllGlobals()
})

const ATTRIBUTES = ['type', 'aria-label', 'aria-disabled', 'disabled', 'data-indicator', 'data-state']

const described = (button: Element) => ({
  ...Object.fromEntries(ATTRIBUTES.map((name) => [name, button.getAttribute(name)])),
  classes: [...button.classList].sort(),
})

const writtenMic = () => {
  const page = new DOMParser().parseFromString(renderTalk(lenaHart(), 'light', true, 'en'), 'text/html')
  const mics = page.querySelectorAll('.chat-prompt__mic')
  expect(mics).toHaveLength(1)
  return mics[0]!
}

describe('the written talk screen’s mic (P1-91)', () => {
  it("is labelled 'Record voice message' and is not disabled", () => {
    const mic = writtenMic()
    expect(mic.getAttribute('aria-label')).toBe(dictationLabels.record)
    expect(mic.getAttribute('aria-label')).toBe('Record voice message')
    expect(mic.getAttribute('aria-disabled')).toBeNull()
    expect(mic.hasAttribute('disabled')).toBe(false)
    expect(renderTalk(lenaHart(), 'light', true, 'en')).not.toMatch(/coming soon/i)
  })

  it("is the same button as the live prompt's mic on its first mount", async () => {
    giveElementsALayout()
    await renderApp('/lena-hart/talk', { fetch: fakeChatApi([lenaHart()]).fetch })
    const live = await screen.findByRole('button', { name: 'Record voice message' })
    expect(described(writtenMic())).toEqual(described(live))
  })
})
