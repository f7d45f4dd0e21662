import { Flex, IconButton } from '@radix-ui/themes'
import { useEffect, useId, useState } from 'react'
import { listMediaDevices, type MediaDeviceChoice } from '../../platform/camera'
import { MicIcon, PhoneIcon } from '../../ui/icons'
import { MicOffIcon, MoreIcon } from '../../ui/lazy-icons'
import { videoStrings } from './video.strings'

/** One labelled list of devices (native: keyboard and screen readers for free, no menu library). */
function DeviceSelect({
  label,
  empty,
  devices,
  onPick,
}: Readonly<{ label: string; empty: string; devices: MediaDeviceChoice[]; onPick: (id: string) => void }>) {
  const id = useId()
  return (
    <label htmlFor={id} className="video-settings__field">
      <span>{label}</span>
      <select id={id} disabled={devices.length === 0} onChange={(event) => onPick(event.target.value)}>
        {devices.length === 0 ? <option>{empty}</option> : null}
        {devices.map((d) => (
          <option key={d.deviceId} value={d.deviceId}>
            {d.label}
          </option>
        ))}
      </select>
    </label>
  )
}

/**
 * spec 2 §2 controls: the mic toggle (only in ACTIVE or STARTING, disabled until the user has spoken), the
 * settings dropdown listing microphones and cameras (enumerateDevices) to switch them live, the end button.
 */
export function VideoControls({
  showMic,
  muted,
  micLocked,
  onToggleMute,
  onMicrophone,
  onCamera,
  onEnd,
}: Readonly<{
  showMic: boolean
  muted: boolean
  micLocked: boolean
  onToggleMute: () => void
  onMicrophone: (deviceId: string) => void
  onCamera: (deviceId: string) => void
  onEnd: () => void
}>) {
  const [devices, setDevices] = useState<MediaDeviceChoice[] | null>(null)
  const [open, setOpen] = useState(false)
  const panelId = useId()
  useEffect(() => {
    if (!open) return
    let live = true
    void listMediaDevices()
      .then((list) => live && setDevices(list))
      .catch(() => live && setDevices([]))
    return () => {
      live = false
    }
  }, [open])

  return (
    <div className="video-controls">
      {open && devices ? (
        <Flex
          id={panelId}
          direction="column"
          gap="2"
          className="video-settings"
          onKeyDown={(event) => event.key === 'Escape' && setOpen(false)}
        >
          <DeviceSelect
            label={videoStrings.microphones}
            empty={videoStrings.noMicrophones}
            devices={devices.filter((d) => d.kind === 'audioinput')}
            onPick={onMicrophone}
          />
          <DeviceSelect
            label={videoStrings.cameras}
            empty={videoStrings.noCameras}
            devices={devices.filter((d) => d.kind === 'videoinput')}
            onPick={onCamera}
          />
        </Flex>
      ) : null}
      <Flex gap="3" justify="center" align="center">
        {showMic ? (
          <IconButton
            size="4"
            radius="full"
            variant={muted ? 'solid' : 'soft'}
            color={muted ? 'red' : 'gray'}
            aria-label={micLocked ? videoStrings.micLocked : muted ? videoStrings.unmute : videoStrings.mute}
            aria-pressed={muted}
            disabled={micLocked}
            onClick={onToggleMute}
          >
            {muted ? <MicOffIcon /> : <MicIcon />}
          </IconButton>
        ) : null}
        <IconButton
          size="4"
          radius="full"
          variant="soft"
          color="gray"
          aria-label={videoStrings.settings}
          aria-expanded={open}
          aria-controls={panelId}
          onClick={() => setOpen(!open)}
        >
          <MoreIcon />
        </IconButton>
        <IconButton size="4" radius="full" color="red" aria-label={videoStrings.endCall} onClick={onEnd}>
          <PhoneIcon />
        </IconButton>
      </Flex>
    </div>
  )
}
