import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import type { Configuration } from 'electron-builder'
import { describe, expect, it } from 'vitest'

const require = createRequire(import.meta.url)
const load = () => structuredClone(require('../../electron-builder.config.cjs')) as Configuration

describe('electron-builder config', () => {
  it('is valid for electron-builder 26 (its own schema check)', async () => {
    const { validateConfiguration } = require('app-builder-lib/out/util/config/config.js') as {
      validateConfiguration(config: unknown, logger: unknown): Promise<void>
    }
    const { DebugLogger } = require('builder-util') as { DebugLogger: new (enabled: boolean) => unknown }
    await expect(validateConfiguration(load(), new DebugLogger(false))).resolves.toBeUndefined()
    await expect(
      validateConfiguration({ ...load(), notAnOption: 1 }, new DebugLogger(false)),
    ).rejects.toThrow()
  })

  it('builds AppImage and deb, dmg, and nsis from out/ into release/', () => {
    const config = load()
    expect(config.linux?.target).toEqual(['AppImage', 'deb'])
    expect(config.mac?.target).toEqual(['dmg'])
    expect(config.win?.target).toEqual(['nsis'])
    expect(config.directories).toMatchObject({ app: 'out', output: 'release', buildResources: 'build' })
  })

  it('sets the Electron fuses: no run-as-node, NODE_OPTIONS or inspect; asar integrity on', () => {
    expect(load().electronFuses).toMatchObject({
      runAsNode: false,
      enableNodeOptionsEnvironmentVariable: false,
      enableNodeCliInspectArguments: false,
      enableEmbeddedAsarIntegrityValidation: true,
      onlyLoadAppFromAsar: true,
      grantFileProtocolExtraPrivileges: false,
    })
    expect(load().asar).toBe(true)
  })

  it('signs macOS with the hardened runtime, mic and camera entitlements and usage descriptions', () => {
    const mac = load().mac!
    expect(mac.hardenedRuntime).toBe(true)
    expect(mac.extendInfo.NSMicrophoneUsageDescription).toMatch(/microphone/)
    expect(mac.extendInfo.NSCameraUsageDescription).toMatch(/camera/)
    const plist = readFileSync(mac.entitlements!, 'utf8')
    for (const entitlement of [
      'com.apple.security.cs.allow-jit',
      'com.apple.security.device.audio-input',
      'com.apple.security.device.camera',
    ]) {
      expect(plist).toMatch(new RegExp(`<key>${entitlement.replaceAll('.', '\\.')}</key>\\s*<true/>`))
    }
    expect(plist).not.toContain('disable-library-validation')
    expect(mac.entitlementsInherit).toBe(mac.entitlements)
  })

  it('registers likeness:// links with the system (main/deep-links.ts)', async () => {
    const { DEEP_LINK_SCHEME } = await import('../../main/deep-links')
    expect(load().protocols).toEqual([{ name: expect.any(String), schemes: [DEEP_LINK_SCHEME] }])
  })

  it('pins the Electron version the project builds against', () => {
    const pkg = JSON.parse(readFileSync('package.json', 'utf8')) as {
      devDependencies: Record<string, string>
    }
    expect(load().electronVersion).toBe(pkg.devDependencies.electron)
  })
})
