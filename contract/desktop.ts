import { z } from 'zod'

export { IpcChannel } from './ipc-channels'

export const StorageGetRequest = z.object({ name: z.string().min(1).max(200) })
export const StorageSetRequest = z.object({
  name: z.string().min(1).max(200),
  value: z.string().max(1_000_000),
})
export const StorageRemoveRequest = StorageGetRequest

export const DesktopAppConfig = z.object({ apiBaseUrl: z.string().url() })
export type DesktopAppConfig = z.infer<typeof DesktopAppConfig>

/**
 * The desktop bridge the preload exposes as `window.desktop`: one function per IPC message, nothing else.
 * Values cross the bridge as JSON strings validated on both sides.
 */
export interface DesktopBridge {
  storage: {
    /** The stored JSON text, or null when absent. */
    get(name: string): Promise<string | null>
    set(name: string, value: string): Promise<void>
    remove(name: string): Promise<void>
  }
  app: {
    version(): Promise<string>
    config(): Promise<DesktopAppConfig>
  }
}
