import { readFile } from 'node:fs/promises'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import {
  app,
  BrowserWindow,
  globalShortcut,
  ipcMain,
  Menu,
  nativeImage,
  nativeTheme,
  protocol,
  type Session,
  safeStorage,
  screen,
  session,
  shell,
  systemPreferences,
  Tray,
  type WebContents,
} from 'electron'
import { DESKTOP_EVENT_CHANNEL, type DeepLinkTarget, type DesktopEvent } from '../contract/desktop'
import { externalUrlToOpen } from '../contract/external-links'
import { PRODUCT_NAME } from '../contract/product'
import { APP_ORIGIN, APP_SCHEME, createAppProtocolHandler } from './app-protocol'
import { type CallPresence, createCallPresence } from './call-presence'
import { createCallWindow } from './call-window'
import { addressSpaceOf, resolveApiBaseUrl } from './config'
import { desktopCsp } from './csp'
import { appPathOf, DEEP_LINK_SCHEME, deepLinkArg, parseDeepLink } from './deep-links'
import { createMainFailureReporting, watchMainFailures } from './failure-reporting'
import { registerIpcHandlers } from './ipc'
import { createKeyStore } from './key-store'
import { createMediaAccess } from './media-access'
import { createAppOriginCheck } from './navigation'
import { installPermissionHandlers, type PermissionSession } from './permissions'
import {
  fitToDisplays,
  loadWindowState,
  MIN_WINDOW_SIZE,
  SAVE_DELAY_MS,
  saveWindowState,
  trackWindowState,
} from './window-state'

const here = path.dirname(fileURLToPath(import.meta.url))
const rendererDir = path.join(here, '../renderer')
const preloadFile = path.join(here, '../preload/index.cjs')
// In development electron-vite serves the renderer over http; in a build it is served from app://.
const devServerUrl = app.isPackaged ? undefined : process.env.ELECTRON_RENDERER_URL
const log = console
const apiBaseUrl = resolveApiBaseUrl(process.env, log)
// Uncaught exceptions and dead renderer or helper processes: to Sentry with SENTRY_DSN, else to the log.
watchMainFailures(createMainFailureReporting({ env: process.env, release: app.getVersion(), log }), {
  process,
  app,
})
const { isAppOrigin, isAppUrl } = createAppOriginCheck(devServerUrl)

protocol.registerSchemesAsPrivileged([
  {
    scheme: APP_SCHEME,
    privileges: { standard: true, secure: true, supportFetchAPI: true, corsEnabled: true, stream: true },
  },
])

function openExternally(raw: string) {
  const url = externalUrlToOpen(raw)
  if (!url) {
    log.warn(`Refused to open ${raw}: only web and e-mail links leave the app`)
    return Promise.resolve()
  }
  return shell.openExternal(url)
}

/** Every web contents stays on the app; links elsewhere open in the system browser; no webviews. */
function guardNavigation(contents: WebContents) {
  contents.on('will-navigate', (event, url) => {
    if (isAppUrl(url)) return
    event.preventDefault()
    void openExternally(url)
  })
  contents.on('will-redirect', (event, url) => {
    if (isAppUrl(url)) return
    event.preventDefault()
  })
  contents.on('will-attach-webview', (event) => event.preventDefault())
  contents.setWindowOpenHandler(({ url }) => {
    void openExternally(url)
    return { action: 'deny' }
  })
}

let mainWindow: BrowserWindow | null = null
let presence: CallPresence | null = null
// A likeness:// link that started the app (Windows and Linux: in argv; macOS: 'open-url' before the window).
let pendingLink: DeepLinkTarget | null = null
/** The first window has been opened (links before that wait for it). */
let started = false

const sendEvent = (event: DesktopEvent) => mainWindow?.webContents.send(DESKTOP_EVENT_CHANNEL, event)

function showWindow(win: BrowserWindow) {
  if (win.isMinimized()) win.restore()
  win.show()
  win.focus()
}

/**
 * A likeness:// link from the system: the window comes forward, and the renderer navigates to the clone
 * (or its call). During a call the link only brings the window forward: navigating would end the call.
 */
function openDeepLink(raw: string) {
  const target = parseDeepLink(raw)
  if (!target) {
    log.warn(`Ignored a link that is not a likeness link: ${JSON.stringify(raw.slice(0, 200))}`)
    return
  }
  const win = mainWindow
  if (!win) {
    pendingLink = target
    // macOS keeps the app running without windows: a link opens one (before start-up, start-up does).
    if (started && BrowserWindow.getAllWindows().length === 0) void createWindow()
    return
  }
  showWindow(win)
  if (presence?.inCall()) {
    log.warn(`Did not open likeness://${target.slug} (${target.action}): a call is under way`)
    return
  }
  sendEvent({ type: 'deep-link', target })
}

/** The first page: the link's page when a link started the app, else Explore. */
function firstPath() {
  const link = pendingLink
  pendingLink = null
  return link ? appPathOf(link) : '/explore'
}

/** The compact call window, the tray entry and the mute shortcut, for this window's calls. */
function attachCallPresence(win: BrowserWindow, compactAt: { x: number; y: number } | undefined) {
  const callWindow = createCallWindow({
    win,
    compactAt,
    workAreaFor: (rect) => screen.getDisplayMatching(rect).workArea,
    onModeChange: (mode) => sendEvent({ type: 'window-mode', mode }),
  })
  const icon = nativeImage.createFromPath(path.join(rendererDir, 'icons/favicon-32.png'))
  // The macOS menu bar takes 16-point icons; Windows and Linux scale the tray's own.
  const trayIcon = process.platform === 'darwin' ? icon.resize({ width: 16, height: 16 }) : icon
  presence = createCallPresence({
    createTray: () => new Tray(trayIcon),
    buildMenu: (template) => Menu.buildFromTemplate(template),
    globalShortcut,
    window: callWindow,
    send: sendEvent,
    showWindow: () => showWindow(win),
    showsTitle: process.platform === 'darwin',
    log,
  })
  // A reloaded or crashed page has no call any more: its tray entry and shortcut go too.
  win.webContents.on('did-navigate', () => presence?.publish(null))
  win.webContents.on('render-process-gone', () => presence?.publish(null))
  win.on('closed', () => {
    presence?.dispose()
    presence = null
    mainWindow = null
  })
  return callWindow
}

async function createWindow() {
  const stateFile = path.join(app.getPath('userData'), 'window-state.json')
  const saved = await loadWindowState(stateFile)
  const state = fitToDisplays(
    saved,
    screen.getAllDisplays().map((d) => d.workArea),
  )
  const win = new BrowserWindow({
    x: state.x,
    y: state.y,
    width: state.width,
    height: state.height,
    minWidth: MIN_WINDOW_SIZE.width,
    minHeight: MIN_WINDOW_SIZE.height,
    show: false,
    title: PRODUCT_NAME,
    // The theme's page colour, so the window does not flash white in dark mode before first paint.
    backgroundColor: nativeTheme.shouldUseDarkColors ? '#111113' : '#ffffff',
    webPreferences: {
      preload: preloadFile,
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInSubFrames: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      webviewTag: false,
      spellcheck: true,
    },
  })
  if (state.maximized) win.maximize()
  mainWindow = win
  const callWindow = attachCallPresence(win, saved.compact)
  trackWindowState(
    win,
    (next) => {
      saveWindowState(stateFile, next).catch((error: unknown) =>
        log.warn(`Could not save the window state: ${error}`),
      )
    },
    SAVE_DELAY_MS,
    (own) => callWindow.stateToSave(own),
  )
  win.once('ready-to-show', () => win.show())
  const start = firstPath()
  void win.loadURL(devServerUrl ? new URL(start, devServerUrl).href : `${APP_ORIGIN}${start}`)
  return win
}

function secureSession(target: Session) {
  const media = createMediaAccess({ platform: process.platform, system: systemPreferences, log })
  installPermissionHandlers(target as unknown as PermissionSession, {
    policy: { isAppOrigin, osAccess: media.osAccess, apiAddressSpace: addressSpaceOf(apiBaseUrl) },
    askSystem: media.ask,
    log,
  })
  return media
}

/**
 * likeness:// opens this app: packaged, the installers register it (electron-builder 'protocols'); run from
 * the sources (`npm run desktop`), Electron is registered with the path of this app as its argument.
 */
function registerDeepLinks() {
  const appEntry = process.argv[1]
  const registered =
    process.defaultApp && appEntry
      ? app.setAsDefaultProtocolClient(DEEP_LINK_SCHEME, process.execPath, [path.resolve(appEntry)])
      : app.setAsDefaultProtocolClient(DEEP_LINK_SCHEME)
  if (!registered) log.warn(`Could not register ${DEEP_LINK_SCHEME}:// links with the system`)
}

if (!app.requestSingleInstanceLock()) {
  // The running instance gets this one's argv (and its link) through 'second-instance'.
  app.quit()
} else {
  // Windows and Linux: a link that starts the app is in its own argv.
  const startLink = deepLinkArg(process.argv)
  if (startLink) openDeepLink(startLink)
  registerDeepLinks()

  // macOS: links arrive as 'open-url', also before the app is ready (listened for from the start).
  app.on('open-url', (event, url) => {
    event.preventDefault()
    openDeepLink(url)
  })

  app.on('second-instance', (_event, argv) => {
    const link = deepLinkArg(argv)
    if (link) openDeepLink(link)
    const [win] = BrowserWindow.getAllWindows()
    if (win) showWindow(win)
  })

  app.on('web-contents-created', (_event, contents) => guardNavigation(contents))

  void app.whenReady().then(async () => {
    const csp = desktopCsp(apiBaseUrl)
    protocol.handle(APP_SCHEME, createAppProtocolHandler({ rootDir: rendererDir, csp, readFile }))

    const media = secureSession(session.defaultSession)
    const store = createKeyStore({
      file: path.join(app.getPath('userData'), 'local-storage.json'),
      cipher: {
        isAsyncEncryptionAvailable: () => safeStorage.isAsyncEncryptionAvailable(),
        encryptStringAsync: (plain) => safeStorage.encryptStringAsync(plain),
        decryptStringAsync: (encrypted) => safeStorage.decryptStringAsync(encrypted),
        usesPlainTextKey: () =>
          process.platform === 'linux' && safeStorage.getSelectedStorageBackend() === 'basic_text',
      },
      log,
    })
    registerIpcHandlers({
      ipcMain,
      store,
      permissions: media,
      version: app.getVersion(),
      config: { apiBaseUrl },
      openExternal: openExternally,
      callPresence: {
        publish: (call) => presence?.publish(call),
        setMode: (mode) => presence?.setMode(mode) ?? 'normal',
      },
      isTrustedUrl: isAppUrl,
      log,
    })

    started = true
    await createWindow()
    app.on('activate', () => {
      if (BrowserWindow.getAllWindows().length === 0) void createWindow()
    })
  })

  // Nothing stays registered with the system after the app: the mute shortcut, the tray.
  app.on('will-quit', () => {
    presence?.dispose()
    globalShortcut.unregisterAll()
  })

  app.on('window-all-closed', () => {
    if (process.platform !== 'darwin') app.quit()
  })
}
