// electron-builder configuration (`npm run dist`): Linux AppImage and deb, macOS dmg, Windows nsis, into
// release/. The app folder is out/ (built by `npm run build:desktop`, with its own dependency-free
// package.json), so installers carry only the bundled main, preload and renderer.
const { devDependencies } = require('./package.json')

const MICROPHONE_USE =
  'Likeness uses the microphone for voice and video calls with clones, and for dictating messages.'
const CAMERA_USE = 'Likeness uses the camera for video calls with clones.'

/** @type {import('electron-builder').Configuration} */
module.exports = {
  appId: 'app.likeness.desktop',
  productName: 'Likeness',
  copyright: 'Copyright © Likeness',
  electronVersion: devDependencies.electron,
  directories: { app: 'out', output: 'release', buildResources: 'build' },
  // likeness://{slug}, likeness://{slug}/call and likeness://{slug}/video open the app (main/deep-links.ts):
  // CFBundleURLTypes on macOS, the registry on Windows, the .desktop file's MimeType on Linux.
  protocols: [{ name: 'Likeness link', schemes: ['likeness'] }],
  files: ['**/*', '!**/*.map'],
  asar: true,
  // Nothing to install or rebuild: main and preload are bundled, and there are no native modules.
  npmRebuild: false,
  nodeGypRebuild: false,
  electronFuses: {
    runAsNode: false,
    enableNodeOptionsEnvironmentVariable: false,
    enableNodeCliInspectArguments: false,
    enableEmbeddedAsarIntegrityValidation: true,
    onlyLoadAppFromAsar: true,
    enableCookieEncryption: true,
    grantFileProtocolExtraPrivileges: false,
    loadBrowserProcessSpecificV8Snapshot: false,
  },
  mac: {
    target: ['dmg'],
    category: 'public.app-category.social-networking',
    hardenedRuntime: true,
    gatekeeperAssess: false,
    entitlements: 'build/entitlements.mac.plist',
    entitlementsInherit: 'build/entitlements.mac.plist',
    extendInfo: {
      NSMicrophoneUsageDescription: MICROPHONE_USE,
      NSCameraUsageDescription: CAMERA_USE,
    },
  },
  dmg: { writeUpdateInfo: false },
  linux: {
    target: ['AppImage', 'deb'],
    category: 'Network',
    synopsis: 'Talk with AI clones of creators',
    maintainer: 'Likeness <desktop@likeness.test>',
  },
  win: { target: ['nsis'] },
  nsis: { oneClick: false, perMachine: false, allowToChangeInstallationDirectory: true },
}
