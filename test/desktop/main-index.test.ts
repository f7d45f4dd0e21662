import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { beforeAll, describe, expect, it, vi } from 'vitest'
import { DESKTOP_EVENT_CHANNEL, IpcChannel } from '../../contract/desktop'
import { MUTE_SHORTCUT } from '../../main/call-presence'
import { eventually } from '../support/eventually'

/**
 * main/index.ts wired against a fake Electron (the real binary cannot run here): what it registers, how
 * the window is configured, and how navigation, new windows and permissions are guarded.
 */
const fake = vi.hoisted(() => {
  type Listener = (...args: unknown[]) => unknown
  const appListeners = new Map<string, Listener[]>()
  const emit = (event: string, ...args: unknown[]) => {
    for (const listener of appListeners.get(event) ?? []) listener(...args)
  }

  class FakeWebContents {
    listeners = new Map<string, Listener>()
    sent: Array<[string, unknown]> = []
    send(channel: string, payload: unknown) {
      this.sent.push([channel, payload])
    }
    openHandler: Listener | undefined
    on(event: string, listener: Listener) {
      this.listeners.set(event, listener)
      return this
    }
    setWindowOpenHandler(handler: Listener) {
      this.openHandler = handler
    }
  }

  class BrowserWindow {
    static all: BrowserWindow[] = []
    static getAllWindows() {
      return BrowserWindow.all
    }
    webContents = new FakeWebContents()
    loadURL = vi.fn(async (_url: string) => undefined)
    bounds = { x: 0, y: 0, width: 1200, height: 820 }
    alwaysOnTop = false
    focus = vi.fn()
    show = vi.fn()
    constructor(public options: { webPreferences: Record<string, unknown> } & Record<string, unknown>) {
      BrowserWindow.all.push(this)
      emit('web-contents-created', {}, this.webContents)
    }
    on() {
      return this
    }
    once() {
      return this
    }
    maximize() {}
    unmaximize() {}
    isMaximized() {
      return false
    }
    isMinimized() {
      return false
    }
    restore() {}
    isFullScreen() {
      return false
    }
    setFullScreen() {}
    getNormalBounds() {
      return { ...this.bounds }
    }
    getBounds() {
      return { ...this.bounds }
    }
    setBounds(bounds: Record<string, number>) {
      this.bounds = { ...this.bounds, ...bounds }
    }
    setMinimumSize() {}
    setResizable() {}
    setMaximizable() {}
    setFullScreenable() {}
    setAlwaysOnTop(flag: boolean) {
      this.alwaysOnTop = flag
    }
  }

  class Tray {
    static all: Tray[] = []
    menu: unknown
    destroyed = false
    constructor(public image: unknown) {
      Tray.all.push(this)
    }
    setToolTip() {}
    setTitle() {}
    setContextMenu(menu: unknown) {
      this.menu = menu
    }
    on() {}
    destroy() {
      this.destroyed = true
    }
  }
  const shortcuts = new Map<string, Listener>()

  const session = {
    requestHandler: undefined as Listener | undefined,
    checkHandler: undefined as Listener | undefined,
    deviceHandler: undefined as Listener | undefined,
    setPermissionRequestHandler(handler: Listener) {
      this.requestHandler = handler
    },
    setPermissionCheckHandler(handler: Listener) {
      this.checkHandler = handler
    },
    setDevicePermissionHandler(handler: Listener) {
      this.deviceHandler = handler
    },
  }

  const userData = { dir: '' }
  return {
    appListeners,
    BrowserWindow,
    Tray,
    shortcuts,
    session,
    userData,
    privileged: [] as unknown[],
    protocolHandlers: new Map<string, Listener>(),
    ipcHandlers: new Map<string, Listener>(),
    openExternal: vi.fn(async (_url: string) => undefined),
    electron: {
      app: {
        isPackaged: false,
        requestSingleInstanceLock: () => true,
        setAsDefaultProtocolClient: vi.fn(() => true),
        on(event: string, listener: Listener) {
          appListeners.set(event, [...(appListeners.get(event) ?? []), listener])
        },
        whenReady: () => Promise.resolve(),
        getPath: () => userData.dir,
        getVersion: () => '0.1.0',
        quit: vi.fn(),
      },
    },
  }
})

vi.mock('electron', () => ({
  app: fake.electron.app,
  BrowserWindow: fake.BrowserWindow,
  Tray: fake.Tray,
  Menu: { buildFromTemplate: (template: unknown) => ({ template }) },
  nativeImage: {
    createFromPath: (file: string) => ({ file, resize: () => ({ file, size: 16 }) }),
  },
  globalShortcut: {
    register: (accelerator: string, callback: () => void) => {
      fake.shortcuts.set(accelerator, callback)
      return true
    },
    unregister: (accelerator: string) => fake.shortcuts.delete(accelerator),
    unregisterAll: () => fake.shortcuts.clear(),
  },
  ipcMain: { handle: (channel: string, listener: never) => fake.ipcHandlers.set(channel, listener) },
  nativeTheme: { shouldUseDarkColors: false },
  protocol: {
    registerSchemesAsPrivileged: (schemes: unknown[]) => fake.privileged.push(...schemes),
    handle: (scheme: string, handler: never) => fake.protocolHandlers.set(scheme, handler),
  },
  safeStorage: {
    isAsyncEncryptionAvailable: async () => true,
    encryptStringAsync: async (s: string) => Buffer.from(s),
    decryptStringAsync: async (b: Buffer) => ({ result: b.toString(), shouldReEncrypt: false }),
    getSelectedStorageBackend: () => 'gnome_libsecret',
  },
  screen: {
    getAllDisplays: () => [{ workArea: { x: 0, y: 0, width: 1920, height: 1080 } }],
    getDisplayMatching: () => ({ workArea: { x: 0, y: 0, width: 1920, height: 1080 } }),
  },
  session: { defaultSession: fake.session },
  shell: { openExternal: fake.openExternal },
  systemPreferences: {},
}))

const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined)

beforeAll(async () => {
  fake.userData.dir = mkdtempSync(path.join(tmpdir(), 'likeness-main-'))
  delete process.env.ELECTRON_RENDERER_URL
  delete process.env.LIKENESS_API_URL
  await import('../../main/index')
  await eventually(() => expect(fake.BrowserWindow.all).toHaveLength(1))
})

const win = () => fake.BrowserWindow.all[0]!
const appFrame = { senderFrame: { url: 'app://renderer/lena-hart/call', parent: null } }
const emitApp = (event: string, ...args: unknown[]) => {
  for (const listener of fake.appListeners.get(event) ?? []) listener(...args)
}
const events = () =>
  win()
    .webContents.sent.filter(([channel]) => channel === DESKTOP_EVENT_CHANNEL)
    .map(([, payload]) => payload)
const liveCall = {
  kind: 'video',
  status: 'active',
  elapsedSeconds: 5,
  muted: false,
  canMute: true,
  labels: {
    title: 'Call with Lena Hart',
    mute: 'Mute',
    unmute: 'Unmute',
    hangUp: 'Hang up',
    showWindow: 'Show window',
    compactWindow: 'Compact window',
  },
}

describe('main process', () => {
  it('registers app:// as a privileged, secure, standard scheme and serves it', () => {
    expect(fake.privileged).toEqual([
      expect.objectContaining({
        scheme: 'app',
        privileges: expect.objectContaining({ standard: true, secure: true, supportFetchAPI: true }),
      }),
    ])
    expect([...fake.protocolHandlers.keys()]).toEqual(['app'])
  })

  it('opens one window on the app, sandboxed and isolated', () => {
    expect(win().options.webPreferences).toMatchObject({
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      webSecurity: true,
      webviewTag: false,
    })
    expect(win().options.webPreferences.preload).toMatch(/preload[\\/]index\.cjs$/)
    expect(win().loadURL).toHaveBeenCalledWith('app://renderer/explore')
  })

  it('registers one IPC handler per message', () => {
    expect([...fake.ipcHandlers.keys()].sort()).toEqual(Object.values(IpcChannel).sort())
  })

  it('keeps navigation on the app and sends other links to the system browser', () => {
    const willNavigate = win().webContents.listeners.get('will-navigate')!
    const stay = { preventDefault: vi.fn() }
    willNavigate(stay, 'app://renderer/lena-hart')
    expect(stay.preventDefault).not.toHaveBeenCalled()

    const leave = { preventDefault: vi.fn() }
    willNavigate(leave, 'https://www.instagram.com/lena')
    expect(leave.preventDefault).toHaveBeenCalled()
    expect(fake.openExternal).toHaveBeenLastCalledWith('https://www.instagram.com/lena')

    fake.openExternal.mockClear()
    const sneaky = { preventDefault: vi.fn() }
    willNavigate(sneaky, 'file:///etc/passwd')
    expect(sneaky.preventDefault).toHaveBeenCalled()
    expect(fake.openExternal).not.toHaveBeenCalled()
  })

  it('never opens new app windows, and refuses webviews', () => {
    expect(win().webContents.openHandler!({ url: 'https://example.com/' })).toEqual({ action: 'deny' })
    expect(fake.openExternal).toHaveBeenLastCalledWith('https://example.com/')
    expect(win().webContents.openHandler!({ url: 'app://renderer/explore' })).toEqual({ action: 'deny' })
    const attach = { preventDefault: vi.fn() }
    win().webContents.listeners.get('will-attach-webview')!(attach)
    expect(attach.preventDefault).toHaveBeenCalled()
  })

  it('installs the permission policy on the session: media for the app only, nothing else', async () => {
    const request = (permission: string, details: Record<string, unknown>) =>
      new Promise((resolve) =>
        fake.session.requestHandler!({}, permission, resolve, { isMainFrame: true, ...details }),
      )
    expect(
      await request('media', {
        requestingUrl: 'app://renderer/lena-hart/call',
        securityOrigin: 'app://renderer',
        mediaTypes: ['audio'],
      }),
    ).toBe(true)
    expect(
      await request('media', {
        requestingUrl: 'https://www.youtube.com/embed/x',
        securityOrigin: 'https://www.youtube.com',
        mediaTypes: ['video'],
      }),
    ).toBe(false)
    expect(await request('geolocation', { requestingUrl: 'app://renderer/' })).toBe(false)
    // The default API is on this machine: the app may reach it.
    expect(await request('loopback-network', { requestingUrl: 'app://renderer/' })).toBe(true)
    expect(fake.session.checkHandler!({}, 'notifications', 'app://renderer', { isMainFrame: true })).toBe(
      false,
    )
    expect(fake.session.deviceHandler!()).toBe(false)
    // Every denial is logged.
    expect(warn).toHaveBeenCalledWith(expect.stringMatching(/Denied permission 'geolocation'/))
    expect(warn).toHaveBeenCalledWith(expect.stringMatching(/Denied permission 'media'.*not the app/))
  })

  it('answers the renderer over IPC from its own frame only', async () => {
    const version = fake.ipcHandlers.get(IpcChannel.appVersion)!
    expect(await version({ senderFrame: { url: 'app://renderer/explore', parent: null } })).toBe('0.1.0')
    await expect(version({ senderFrame: { url: 'https://evil.example/' } })).rejects.toThrow(/untrusted/)
    const config = fake.ipcHandlers.get(IpcChannel.appConfig)!
    expect(await config({ senderFrame: { url: 'app://renderer/' } })).toEqual({
      apiBaseUrl: 'http://localhost:8787',
    })
  })
})

describe('the desktop call window, deep links and the mute shortcut', () => {
  it('registers likeness:// with the system and holds the single-instance lock', () => {
    expect(fake.electron.app.setAsDefaultProtocolClient).toHaveBeenCalledWith(
      'likeness',
      ...(process.defaultApp ? [process.execPath, expect.any(Array)] : []),
    )
    expect(fake.appListeners.has('second-instance')).toBe(true)
    expect(fake.appListeners.has('open-url')).toBe(true)
  })

  it('routes a link from a second instance’s argv into the renderer, and ignores anything else', () => {
    win().webContents.sent = []
    win().focus.mockClear()
    emitApp('second-instance', {}, ['/opt/Likeness/likeness', 'likeness://lena-hart/video'], '/')
    expect(events()).toEqual([{ type: 'deep-link', target: { slug: 'lena-hart', action: 'video' } }])
    expect(win().focus).toHaveBeenCalled()

    emitApp('second-instance', {}, ['/opt/Likeness/likeness', 'likeness://lena-hart/../studio'], '/')
    emitApp('second-instance', {}, ['/opt/Likeness/likeness', '--inspect'], '/')
    expect(events()).toHaveLength(1)
    expect(warn).toHaveBeenCalledWith(expect.stringMatching(/not a likeness link/))
  })

  it('routes macOS open-url links, and keeps the app from opening them itself', () => {
    win().webContents.sent = []
    const event = { preventDefault: vi.fn() }
    emitApp('open-url', event, 'likeness://lena-hart')
    expect(event.preventDefault).toHaveBeenCalled()
    expect(events()).toEqual([{ type: 'deep-link', target: { slug: 'lena-hart', action: 'open' } }])
    emitApp('open-url', { preventDefault: vi.fn() }, 'https://evil.example/')
    expect(events()).toHaveLength(1)
  })

  it('shows a call in the tray, holds the mute shortcut and shrinks the window only during it', async () => {
    const publish = fake.ipcHandlers.get(IpcChannel.callState)!
    const mode = fake.ipcHandlers.get(IpcChannel.windowMode)!
    expect(await mode(appFrame, { mode: 'compact' })).toBe('normal')

    await publish(appFrame, { call: liveCall })
    const tray = fake.Tray.all.at(-1)!
    expect(tray.destroyed).toBe(false)
    expect([...fake.shortcuts.keys()]).toEqual([MUTE_SHORTCUT])
    win().webContents.sent = []
    fake.shortcuts.get(MUTE_SHORTCUT)!()
    expect(events()).toEqual([{ type: 'toggle-mute' }])

    // A link during a call only brings the window forward: navigating would end the call.
    emitApp('open-url', { preventDefault: vi.fn() }, 'likeness://someone-else/call')
    expect(events()).toEqual([{ type: 'toggle-mute' }])

    expect(await mode(appFrame, { mode: 'compact' })).toBe('compact')
    expect(win().alwaysOnTop).toBe(true)
    expect(win().bounds.width).toBeLessThan(400)
    expect(events()).toContainEqual({ type: 'window-mode', mode: 'compact' })

    await publish(appFrame, { call: null })
    expect(tray.destroyed).toBe(true)
    expect(fake.shortcuts.size).toBe(0)
    expect(win().alwaysOnTop).toBe(false)
    expect(win().bounds).toEqual({ x: 0, y: 0, width: 1200, height: 820 })
    expect(events()).toContainEqual({ type: 'window-mode', mode: 'normal' })
  })
})

describe('a link that starts the app', () => {
  it('opens the app on the link’s page (Windows and Linux pass it in argv)', async () => {
    const argv = process.argv
    process.argv = [...argv, 'likeness://lena-hart/call']
    try {
      vi.resetModules()
      fake.BrowserWindow.all.length = 0
      await import('../../main/index')
      await eventually(() => expect(fake.BrowserWindow.all).toHaveLength(1))
      expect(win().loadURL).toHaveBeenCalledWith('app://renderer/lena-hart/call')
    } finally {
      process.argv = argv
    }
  })
})
