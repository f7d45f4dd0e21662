import { readFile } from 'node:fs/promises'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import {
  app,
  BrowserWindow,
  ipcMain,
  nativeTheme,
  protocol,
  type Session,
  safeStorage,
  screen,
  session,
  shell,
  systemPreferences,
  type WebContents,
} from 'electron'
import { externalUrlToOpen } from '../contract/external-links'
import { PRODUCT_NAME } from '../contract/product'
import { APP_ORIGIN, APP_SCHEME, createAppProtocolHandler } from './app-protocol'
import { addressSpaceOf, resolveApiBaseUrl } from './config'
import { desktopCsp } from './csp'
import { registerIpcHandlers } from './ipc'
import { createKeyStore } from './key-store'
import { createMediaAccess } from './media-access'
import { createAppOriginCheck } from './navigation'
import { installPermissionHandlers, type PermissionSession } from './permissions'
import {
  fitToDisplays,
  loadWindowState,
  MIN_WINDOW_SIZE,
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

async function createWindow() {
  const stateFile = path.join(app.getPath('userData'), 'window-state.json')
  const state = fitToDisplays(
    await loadWindowState(stateFile),
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
  trackWindowState(win, (next) => {
    saveWindowState(stateFile, next).catch((error: unknown) =>
      log.warn(`Could not save the window state: ${error}`),
    )
  })
  win.once('ready-to-show', () => win.show())
  void win.loadURL(devServerUrl ?? `${APP_ORIGIN}/explore`)
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

if (!app.requestSingleInstanceLock()) {
  app.quit()
} else {
  app.on('second-instance', () => {
    const [win] = BrowserWindow.getAllWindows()
    if (win) {
      if (win.isMinimized()) win.restore()
      win.focus()
    }
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
      isTrustedUrl: isAppUrl,
      log,
    })

    await createWindow()
    app.on('activate', () => {
      if (BrowserWindow.getAllWindows().length === 0) void createWindow()
    })
  })

  app.on('window-all-closed', () => {
    if (process.platform !== 'darwin') app.quit()
  })
}
