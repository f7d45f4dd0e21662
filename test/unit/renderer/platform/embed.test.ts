import { describe, expect, it, vi } from 'vitest'
import { VISITOR_HEADER } from '../../../../contract/auth'
import type { PublicEmbedConfig } from '../../../../contract/embed'
import { EMBED_CONFIG_HEADER, EMBED_MESSAGES } from '../../../../contract/embed-protocol'
import {
  allowedParentOrigin,
  createEmbedPlatform,
  EMBED_CONFIG_DATA_ID,
  type EmbedWindow,
  InvalidEmbedTargetError,
  parseEmbedPath,
  readWrittenConfig,
} from '../../../../renderer/src/platform/embed'
import { isInvalidEmbedTarget } from '../../../../renderer/src/platform/index'
import { storageKeys } from '../../../../renderer/src/platform/storage-keys'
import { createMemoryStorage } from '../../../../renderer/src/platform/web'

const CONFIG = '6f1c7a52-2b7e-4c55-9d7b-5c6a5c3e9a10'
const HOST = 'https://creator.test'
const config: PublicEmbedConfig = {
  id: CONFIG,
  cloneSlug: 'lena-hart',
  allowedOrigins: [HOST],
  layout: 'inline',
  whitelabel: false,
  textLimit: 4,
  voiceLimitSeconds: null,
}

/** A frame whose parent records what it is sent, and whose 'message' listeners the test can call. */
function fakeFrame() {
  const parent = { postMessage: vi.fn() }
  const listeners = new Set<(event: MessageEvent) => void>()
  const win: EmbedWindow = {
    parent,
    addEventListener: (_type, listener) => listeners.add(listener),
    removeEventListener: (_type, listener) => listeners.delete(listener),
  }
  const receive = (event: Partial<MessageEvent>) => {
    for (const listener of listeners) listener(event as MessageEvent)
  }
  return { win, parent, listeners, receive }
}

const boot = async (
  path = `/embed/lena-hart/${CONFIG}`,
  search = `?parent=${encodeURIComponent(HOST)}&layout=bubble`,
  overrides: Partial<Parameters<typeof createEmbedPlatform>[0]> = {},
) => {
  const frame = fakeFrame()
  const platform = await createEmbedPlatform({
    location: { pathname: path, search, origin: 'https://likeness.test' },
    window: frame.win,
    storage: createMemoryStorage(),
    session: createMemoryStorage(),
    fetchConfig: async (id) => (id === CONFIG ? config : null),
    ...overrides,
  })
  return { platform, embed: platform.embed!, ...frame }
}

describe('embed platform boot', () => {
  it('reads the target and configuration from the address', async () => {
    expect(parseEmbedPath(`/embed/clinic%40lena-hart/${CONFIG}/conversation/x`)).toEqual({
      target: 'clinic@lena-hart',
      configId: CONFIG,
    })
    expect(parseEmbedPath('/lena-hart/talk')).toBeNull()
    const { embed } = await boot(`/embed/clinic%40lena-hart/${CONFIG}/overview`)
    expect(embed).toMatchObject({
      configId: CONFIG,
      target: 'clinic@lena-hart',
      cloneSlug: 'lena-hart',
      instanceSlug: 'clinic',
      root: `/embed/clinic%40lena-hart/${CONFIG}`,
      parentOrigin: HOST,
      layout: 'bubble',
      textLimit: 4,
      mainSiteOrigin: 'https://likeness.test',
    })
  })

  it('refuses an unknown configuration, an empty target and another clone', async () => {
    await expect(boot(`/embed/lena-hart/00000000-0000-4000-8000-000000000000`)).rejects.toBeInstanceOf(
      InvalidEmbedTargetError,
    )
    await expect(boot(`/embed/other-clone/${CONFIG}`)).rejects.toSatisfy(isInvalidEmbedTarget)
    await expect(boot(`/embed/@lena-hart/${CONFIG}`)).rejects.toSatisfy(isInvalidEmbedTarget)
  })

  it("uses the configuration's layout when the address names none", async () => {
    const { embed } = await boot(undefined, `?parent=${HOST}`)
    expect(embed.layout).toBe('inline')
  })

  it('keeps the parent and layout for a reload inside the frame', async () => {
    const session = createMemoryStorage()
    await boot(undefined, undefined, { session })
    const { embed } = await boot(`/embed/lena-hart/${CONFIG}/conversation/x`, '', { session })
    expect(embed.parentOrigin).toBe(HOST)
    expect(embed.layout).toBe('bubble')
  })

  it('accepts only a parent origin the configuration allows', async () => {
    expect(allowedParentOrigin('HTTPS://Creator.test', [HOST])).toBe(HOST)
    expect(allowedParentOrigin('https://evil.test', [HOST])).toBeNull()
    expect(allowedParentOrigin('not an origin', [HOST])).toBeNull()
    const { embed, parent } = await boot(undefined, '?parent=https://evil.test')
    expect(embed.parentOrigin).toBeNull()
    embed.notifyParent({ type: EMBED_MESSAGES.ready })
    expect(parent.postMessage).not.toHaveBeenCalled()
  })

  it('sends the bearer token, the visitor id and the configuration with API requests', async () => {
    const { platform } = await boot()
    expect(platform.auth.tokenKey).toBe(storageKeys.embedAuthToken)
    const anonymous = await platform.auth.requestInit()
    expect(anonymous.credentials).toBe('omit')
    expect(anonymous.headers[VISITOR_HEADER]).toMatch(/^[A-Za-z0-9_-]{16,64}$/)
    expect(anonymous.headers[EMBED_CONFIG_HEADER]).toBe(CONFIG)
    expect(anonymous.headers.Authorization).toBeUndefined()
    await platform.storage.set(storageKeys.embedAuthToken, 'tok_abcdefghijklmnopqrstuvwxyz')
    const signedIn = await platform.auth.requestInit()
    expect(signedIn.headers.Authorization).toBe('Bearer tok_abcdefghijklmnopqrstuvwxyz')
    expect(signedIn.headers[VISITOR_HEADER]).toBe(anonymous.headers[VISITOR_HEADER])
  })
})

describe('embed postMessage origin checks', () => {
  it("posts to the parent's exact origin, never '*', with the configuration id", async () => {
    const { embed, parent } = await boot()
    embed.notifyParent({ type: EMBED_MESSAGES.resize, height: 480 })
    expect(parent.postMessage).toHaveBeenCalledWith(
      { type: EMBED_MESSAGES.resize, height: 480, configId: CONFIG },
      HOST,
    )
  })

  it('says nothing when the page is not framed', async () => {
    const frame = fakeFrame()
    const self = frame.win as EmbedWindow & { parent: unknown }
    ;(self as { parent: unknown }).parent = self
    const platform = await createEmbedPlatform({
      location: {
        pathname: `/embed/lena-hart/${CONFIG}`,
        search: `?parent=${HOST}`,
        origin: 'https://x.test',
      },
      window: self,
      storage: createMemoryStorage(),
      session: createMemoryStorage(),
      fetchConfig: async () => config,
    })
    expect(platform.embed?.parentOrigin).toBeNull()
  })

  it('hears only the parent window at the allowed origin, with a known message', async () => {
    const { embed, parent, receive, listeners } = await boot()
    const heard = vi.fn()
    const stop = embed.onParentMessage(heard)
    receive({ origin: 'https://evil.test', source: parent as never, data: { type: EMBED_MESSAGES.opened } })
    receive({ origin: HOST, source: {} as never, data: { type: EMBED_MESSAGES.opened } })
    receive({ origin: HOST, source: parent as never, data: { type: 'likeness:unknown' } })
    receive({ origin: HOST, source: parent as never, data: 'likeness:opened' })
    expect(heard).not.toHaveBeenCalled()
    receive({ origin: HOST, source: parent as never, data: { type: EMBED_MESSAGES.opened } })
    expect(heard).toHaveBeenCalledWith({ type: EMBED_MESSAGES.opened })
    stop()
    expect(listeners.size).toBe(0)
  })

  it('listens to nobody when no parent is allowed', async () => {
    const { embed, listeners } = await boot(undefined, '')
    embed.onParentMessage(() => undefined)
    expect(listeners.size).toBe(0)
  })
})

describe('the configuration the server wrote into the page (server/web/page-head.ts)', () => {
  /** A page holding `text` in the configuration block (none for null). */
  const page = (text: string | null) =>
    ({
      getElementById: (id: string) =>
        id === EMBED_CONFIG_DATA_ID && text !== null ? { textContent: text } : null,
    }) as unknown as Document
  const block = (value: unknown) => JSON.stringify(value)

  it('is used for the configuration the address names, so the embed starts without fetching it', () => {
    expect(readWrittenConfig(CONFIG, page(block(config)))).toEqual(config)
  })

  it('is ignored for another configuration, a malformed block, or none', () => {
    expect(readWrittenConfig('another-id', page(block(config)))).toBeNull()
    expect(readWrittenConfig(CONFIG, page(block({ ...config, layout: 'sideways' })))).toBeNull()
    expect(
      readWrittenConfig(
        CONFIG,
        page(`<script type="application/json" id="${EMBED_CONFIG_DATA_ID}">{</script>`),
      ),
    ).toBeNull()
    expect(readWrittenConfig(CONFIG, page(null))).toBeNull()
  })
})
