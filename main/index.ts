import { readFile } from 'node:fs/promises'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { app, BrowserWindow, ipcMain, protocol, safeStorage, shell } from 'electron'
import { APP_HOST, APP_ORIGIN, APP_SCHEME, contentTypeFor, resolveAppFile } from './app-protocol'
import { desktopCsp } from './csp'
import { registerIpcHandlers } from './ipc'
import { createKeyStore } from './key-store'

const here = path.dirname(fileURLToPath(import.meta.url))
const rendererDir = path.join(here, '../renderer')
const preloadFile = path.join(here, '../preload/index.cjs')
// In development electron-vite serves the renderer over http; in a build it is served from app://.
const devServerUrl = process.env.ELECTRON_RENDERER_URL
const apiBaseUrl = process.env.LIKENESS_API_URL ?? 'http://localhost:8787'
const csp = desktopCsp(apiBaseUrl)

protocol.registerSchemesAsPrivileged([
  { scheme: APP_SCHEME, privileges: { standard: true, secure: true, supportFetchAPI: true, stream: true } },
])

const isAppUrl = (raw: string) => {
  try {
    const url = new URL(raw)
    if (devServerUrl && url.origin === new URL(devServerUrl).origin) return true
    return url.protocol === `${APP_SCHEME}:` && url.host === APP_HOST
  } catch {
    return false
  }
}

function openExternally(raw: string) {
  try {
    const url = new URL(raw)
    if (url.protocol === 'https:' || url.protocol === 'http:' || url.protocol === 'mailto:') {
      void shell.openExternal(url.toString())
    }
  } catch {
    // not a URL: ignore
  }
}

function createWindow() {
  const win = new BrowserWindow({
    width: 1200,
    height: 820,
    minWidth: 360,
    minHeight: 560,
    show: false,
    title: 'Likeness',
    webPreferences: {
      preload: preloadFile,
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      webSecurity: true,
    },
  })
  win.once('ready-to-show', () => win.show())
  // Keep the window on the app; everything else opens in the system browser.
  win.webContents.on('will-navigate', (event, url) => {
    if (isAppUrl(url)) return
    event.preventDefault()
    openExternally(url)
  })
  win.webContents.setWindowOpenHandler(({ url }) => {
    openExternally(url)
    return { action: 'deny' }
  })
  void win.loadURL(devServerUrl ?? `${APP_ORIGIN}/explore`)
  return win
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

  void app.whenReady().then(() => {
    protocol.handle(APP_SCHEME, async (request) => {
      const file = resolveAppFile(rendererDir, request.url)
      if (!file) return new Response('Not found', { status: 404 })
      try {
        const body = await readFile(file)
        return new Response(body, {
          headers: { 'content-type': contentTypeFor(file), 'content-security-policy': csp },
        })
      } catch {
        return new Response('Not found', { status: 404 })
      }
    })

    const store = createKeyStore({
      file: path.join(app.getPath('userData'), 'local-storage.json'),
      cipher: safeStorage,
      log: console,
    })
    registerIpcHandlers({
      ipcMain,
      store,
      version: app.getVersion(),
      config: { apiBaseUrl },
      isTrustedUrl: isAppUrl,
      log: console,
    })

    createWindow()
    app.on('activate', () => {
      if (BrowserWindow.getAllWindows().length === 0) createWindow()
    })
  })

  app.on('window-all-closed', () => {
    if (process.platform !== 'darwin') app.quit()
  })
}
