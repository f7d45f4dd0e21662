import { Flex, IconButton } from '@radix-ui/themes'
import { MicIcon, PhoneIcon } from '../../ui/icons'
import { MicOffIcon } from '../../ui/lazy-icons'
import { CallSettingsButton, DeviceSettings, useCallDevices, useCallSettings } from '../calls'
import { videoStrings } from './video.strings'

/**
 * spec 2 §2 controls: the mic toggle (only in ACTIVE or STARTING, disabled until the user has spoken), the
 * settings listing microphones, cameras and speakers (the calls' shared device panel, the choice remembered)
 * to switch them live, the end button.
 */
export function VideoControls({
  showMic,
  muted,
  micLocked,
  onToggleMute,
  onMicrophone,
  onCamera,
  onSpeaker,
  onEnd,
}: Readonly<{
  showMic: boolean
  muted: boolean
  micLocked: boolean
  onToggleMute: () => void
  onMicrophone: (deviceId: string) => void
  onCamera: (deviceId: string) => void
  onSpeaker: (deviceId: string) => void
  onEnd: () => void
}>) {
  const settings = useCallSettings()
  const { devices, choose } = useCallDevices()

  return (
    <div className="video-controls">
      {settings.open ? (
        <DeviceSettings
          id={settings.panelId}
          microphone={devices.microphone}
          speaker={devices.speaker}
          onMicrophone={(id) => {
            choose({ microphone: id })
            onMicrophone(id)
          }}
          onSpeaker={(id) => {
            choose({ speaker: id })
            onSpeaker(id)
          }}
          camera={{ label: videoStrings.cameras, empty: videoStrings.noCameras, onPick: onCamera }}
          onClose={settings.close}
        />
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
        <CallSettingsButton settings={settings} />
        <IconButton size="4" radius="full" color="red" aria-label={videoStrings.endCall} onClick={onEnd}>
          <PhoneIcon />
        </IconButton>
      </Flex>
    </div>
  )
}
