import { Flex, IconButton } from '@radix-ui/themes'
import { useCallback, useEffect, useId, useRef, useState } from 'react'
import { listMediaDevices, type MediaDeviceChoice, outputSelectable } from '../../platform/camera'
import { MoreIcon } from '../../ui/lazy-icons'
import { callsStrings } from './calls.strings'

/** One labelled list of devices (native: keyboard and screen readers for free, no menu library). */
function DeviceSelect({
  label,
  empty,
  devices,
  value,
  onPick,
}: Readonly<{
  label: string
  empty: string | null
  devices: MediaDeviceChoice[]
  value: string | undefined
  onPick: (id: string) => void
}>) {
  const id = useId()
  const [picked, setPicked] = useState(value)
  const known = picked !== undefined && devices.some((d) => d.deviceId === picked)
  return (
    <label htmlFor={id} className="call-settings__field">
      <span>{label}</span>
      <select
        id={id}
        disabled={devices.length === 0}
        value={known ? picked : (devices[0]?.deviceId ?? '')}
        onChange={(event) => {
          setPicked(event.target.value)
          onPick(event.target.value)
        }}
      >
        {devices.length === 0 ? <option value="">{empty}</option> : null}
        {devices.map((d) => (
          <option key={d.deviceId} value={d.deviceId}>
            {d.label}
          </option>
        ))}
      </select>
    </label>
  )
}

export interface DeviceSettingsProps {
  id: string
  /** The remembered choices (undefined: the system's default). */
  microphone: string | undefined
  speaker: string | undefined
  onMicrophone: (deviceId: string) => void
  onSpeaker: (deviceId: string) => void
  /** The video call's cameras, when the call has a camera. */
  camera?: { label: string; empty: string; onPick: (deviceId: string) => void }
  onClose: () => void
}

/**
 * spec 2 §2 'Controls: settings': the call's device panel for voice and video alike. It lists the devices
 * (enumerateDevices) when opened: the microphone, the camera (video), and the speaker where the browser can
 * route sound to one (setSinkId). Escape closes it.
 */
export function DeviceSettings({
  id,
  microphone,
  speaker,
  onMicrophone,
  onSpeaker,
  camera,
  onClose,
}: Readonly<DeviceSettingsProps>) {
  const [devices, setDevices] = useState<MediaDeviceChoice[] | null>(null)
  const panel = useRef<HTMLDivElement>(null)
  // Keyboard users land in the panel when it opens.
  useEffect(() => {
    if (devices) panel.current?.querySelector('select')?.focus()
  }, [devices])
  useEffect(() => {
    let live = true
    void listMediaDevices()
      .then((list) => live && setDevices(list))
      .catch(() => live && setDevices([]))
    return () => {
      live = false
    }
  }, [])
  if (!devices) return null
  const speakers = outputSelectable() ? devices.filter((d) => d.kind === 'audiooutput') : []
  return (
    <Flex
      ref={panel}
      id={id}
      direction="column"
      gap="2"
      className="call-settings"
      onKeyDown={(event) => {
        if (event.key === 'Escape') onClose()
      }}
    >
      <DeviceSelect
        label={callsStrings.microphone}
        empty={callsStrings.noMicrophones}
        devices={devices.filter((d) => d.kind === 'audioinput')}
        value={microphone}
        onPick={onMicrophone}
      />
      {camera ? (
        <DeviceSelect
          label={camera.label}
          empty={camera.empty}
          devices={devices.filter((d) => d.kind === 'videoinput')}
          value={undefined}
          onPick={camera.onPick}
        />
      ) : null}
      {speakers.length > 0 ? (
        <DeviceSelect
          label={callsStrings.speaker}
          empty={null}
          devices={speakers}
          value={speaker}
          onPick={onSpeaker}
        />
      ) : null}
    </Flex>
  )
}

/** The settings button's state: open or not, and focus back on the button when the panel closes. */
export function useCallSettings() {
  const [open, setOpen] = useState(false)
  const panelId = useId()
  const buttonRef = useRef<HTMLButtonElement>(null)
  const close = useCallback(() => {
    setOpen(false)
    buttonRef.current?.focus()
  }, [])
  return { open, panelId, buttonRef, close, toggle: () => setOpen((was) => !was) }
}

/** The controls' settings button (spec 2 §2), opening and closing the device panel. */
export function CallSettingsButton({
  settings,
  size = '4',
}: Readonly<{ settings: ReturnType<typeof useCallSettings>; size?: '3' | '4' }>) {
  return (
    <IconButton
      ref={settings.buttonRef}
      size={size}
      radius="full"
      variant="soft"
      color="gray"
      aria-label={callsStrings.settings}
      aria-expanded={settings.open}
      aria-controls={settings.open ? settings.panelId : undefined}
      onClick={settings.toggle}
    >
      <MoreIcon />
    </IconButton>
  )
}
