// @vitest-environment happy-dom
import { describe, expect, it, vi } from 'vitest'
import { EMBED_MESSAGES } from '../../../../../contract/embed-protocol'
import {
  leavingLinkTarget,
  openLeavingLinksOutside,
  type ResizeDeps,
  reportContentHeight,
} from '../../../../../renderer/src/features/embed/embed-bridge'
import { notifyTextExhausted, watchVoiceLimit } from '../../../../../renderer/src/features/embed/embed-limits'
import { accountLinkTarget } from '../../../../../renderer/src/features/embed/main-site'
import { EMBED_ROOT, fakeEmbed } from '../../support/embed'

/** A ResizeObserver and animation frames the test drives. */
function fakeResize() {
  let onResize: () => void = () => undefined
  const frames: Array<() => void> = []
  const deps: ResizeDeps = {
    observe: (_target, callback) => {
      onResize = callback
      return () => undefined
    },
    requestFrame: (callback) => frames.push(callback),
    cancelFrame: () => undefined,
  }
  return {
    deps,
    resize: () => onResize(),
    flush: () => {
      for (const frame of frames.splice(0)) frame()
    },
  }
}

describe('inline height reports', () => {
  it('reports the content height once per animation frame, and only when it changed', () => {
    const { embed, notifyParent } = fakeEmbed({ layout: 'inline' })
    const content = { scrollHeight: 480 } as Element
    const { deps, resize, flush } = fakeResize()
    reportContentHeight(embed, content, deps)
    resize()
    resize()
    resize()
    expect(notifyParent).not.toHaveBeenCalled()
    flush()
    expect(notifyParent).toHaveBeenCalledExactlyOnceWith({ type: EMBED_MESSAGES.resize, height: 480 })
    resize()
    flush()
    expect(notifyParent).toHaveBeenCalledOnce()
    ;(content as { scrollHeight: number }).scrollHeight = 612.4
    resize()
    flush()
    expect(notifyParent).toHaveBeenLastCalledWith({ type: EMBED_MESSAGES.resize, height: 613 })
  })

  it('reports nothing for the bubble layout (its panel has its own size)', () => {
    const { embed, notifyParent } = fakeEmbed({ layout: 'bubble' })
    const { deps, resize, flush } = fakeResize()
    reportContentHeight(embed, { scrollHeight: 300 } as Element, deps)
    resize()
    flush()
    expect(notifyParent).not.toHaveBeenCalled()
  })
})

describe('links that leave the embed', () => {
  const here = () => ({ origin: location.origin, pathname: EMBED_ROOT })
  const anchor = (href: string, attributes: Record<string, string> = {}) => {
    const a = document.createElement('a')
    a.setAttribute('href', href)
    for (const [name, value] of Object.entries(attributes)) a.setAttribute(name, value)
    return a
  }

  it.each([
    [`${EMBED_ROOT}/conversation/c1`, null],
    [EMBED_ROOT, null],
    ['#main', null],
    ['/billing?representing=lena-hart', 'http://localhost/billing?representing=lena-hart'],
    ['/lena-hart/call/c1', 'http://localhost/lena-hart/call/c1'],
    ['https://elsewhere.test/page', 'https://elsewhere.test/page'],
    ['mailto:hi@example.com', null],
  ])('%s → %s', (href, expected) => {
    expect(leavingLinkTarget(anchor(href), here(), EMBED_ROOT)).toBe(
      expected?.replace('http://localhost', location.origin) ?? null,
    )
  })

  it('leaves links with their own target and downloads alone', () => {
    expect(leavingLinkTarget(anchor('/billing', { target: '_blank' }), here(), EMBED_ROOT)).toBeNull()
    expect(leavingLinkTarget(anchor('/media/a.pdf', { download: '' }), here(), EMBED_ROOT)).toBeNull()
  })

  it('opens a leaving link in a new tab instead of the frame', () => {
    history.replaceState(null, '', EMBED_ROOT)
    const open = vi.fn()
    const stop = openLeavingLinksOutside({ root: EMBED_ROOT }, document, open)
    const leaving = anchor('/profile?representing=lena-hart')
    const staying = anchor(`${EMBED_ROOT}/overview`)
    document.body.append(leaving, staying)
    const clickLeaving = new MouseEvent('click', { bubbles: true, cancelable: true, button: 0 })
    leaving.dispatchEvent(clickLeaving)
    expect(clickLeaving.defaultPrevented).toBe(true)
    expect(open).toHaveBeenCalledExactlyOnceWith(`${location.origin}/profile?representing=lena-hart`)
    staying.addEventListener('click', (event) => event.preventDefault())
    staying.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true, button: 0 }))
    expect(open).toHaveBeenCalledOnce()
    stop()
  })
})

describe('account links in an embed (spec 1 §2, §6)', () => {
  it('are in-app links on the site, main-site links from an embed, hidden when white-labelled', () => {
    expect(accountLinkTarget(null, '/billing')).toBeNull()
    const { embed } = fakeEmbed({ target: 'clinic@lena-hart', mainSiteOrigin: 'https://likeness.test' })
    expect(String(accountLinkTarget(embed, '/billing'))).toBe(
      'https://likeness.test/billing?representing=clinic%40lena-hart',
    )
    expect(accountLinkTarget({ ...embed, whitelabel: true }, '/profile')).toBe('hidden')
  })
})

describe('per-configuration limits', () => {
  it("tells the host page 'text-exhausted' once per conversation", () => {
    const { embed, notifyParent } = fakeEmbed({ textLimit: 4 })
    expect(notifyTextExhausted(embed, 'c1')).toBe(true)
    expect(notifyTextExhausted(embed, 'c1')).toBe(false)
    expect(notifyTextExhausted(embed, 'c2')).toBe(true)
    expect(notifyParent).toHaveBeenCalledTimes(2)
    expect(notifyParent).toHaveBeenCalledWith({ type: EMBED_MESSAGES.textExhausted })
  })

  it("stops the call at the voice limit and tells the host page 'voice-exhausted' once", () => {
    const { embed, notifyParent } = fakeEmbed({ voiceLimitSeconds: 180 })
    let onElapsed: (seconds: number) => void = () => undefined
    let active = true
    const stop = vi.fn(() => {
      const was = active
      active = false
      return was
    })
    watchVoiceLimit(
      embed,
      (listener) => {
        onElapsed = listener
        return () => undefined
      },
      stop,
    )
    onElapsed(179)
    expect(stop).not.toHaveBeenCalled()
    onElapsed(180)
    onElapsed(181)
    expect(notifyParent).toHaveBeenCalledExactlyOnceWith({ type: EMBED_MESSAGES.voiceExhausted })
  })

  it('watches nothing without a voice limit', () => {
    const subscribe = vi.fn()
    watchVoiceLimit(fakeEmbed().embed, subscribe, () => true)
    watchVoiceLimit(null, subscribe, () => true)
    expect(subscribe).not.toHaveBeenCalled()
  })
})
