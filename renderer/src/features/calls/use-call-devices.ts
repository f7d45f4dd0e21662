import { useRef } from 'react'
import { storageKeys } from '../../platform/storage-keys'
import { useStoredValue } from '../../platform/use-stored-value'

export interface CallDevices {
  /** The microphone's deviceId, or undefined for the system's default. */
  microphone?: string
  /** The speaker's deviceId (where the browser can choose one), or undefined for the default. */
  speaker?: string
}

/** The microphone and speaker picked in a call's settings, remembered on this device for the next call. */
export function useCallDevices() {
  const stored = useStoredValue(storageKeys.callDevices)
  const devices: CallDevices = stored.value ?? {}
  // Two picks before a re-render (microphone, then speaker) both count: each merges into the latest.
  const latest = useRef(devices)
  latest.current = devices
  return {
    devices,
    loaded: stored.loaded,
    choose(patch: CallDevices) {
      latest.current = { ...latest.current, ...patch }
      stored.set(latest.current)
    },
  }
}
