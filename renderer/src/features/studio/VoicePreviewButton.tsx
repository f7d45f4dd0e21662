import { Button } from '@radix-ui/themes'
import { useEffect, useRef, useState } from 'react'
import { toast } from 'sonner'
import { serverMessageOr } from '../../api/client'
import { fetchVoicePreview } from '../../api/studio-clones'
import { studioStrings } from './studio.strings'

export type PreviewRequest = Parameters<typeof fetchVoicePreview>[0]

/**
 * Plays a voice preview (the sample sentence, or the creator's own words); a second press while it plays
 * stops it. The request is read at the press, so it says what the form holds then.
 */
export function VoicePreviewButton({
  request,
  label,
  playingLabel,
  ariaLabel,
  disabled,
}: Readonly<{
  request: () => PreviewRequest
  label: string
  playingLabel: string
  ariaLabel?: string
  disabled?: boolean
}>) {
  const [playing, setPlaying] = useState(false)
  const audio = useRef<HTMLAudioElement | null>(null)
  const pending = useRef<AbortController | null>(null)
  useEffect(
    () => () => {
      pending.current?.abort()
      audio.current?.pause()
    },
    [],
  )
  const stop = () => {
    pending.current?.abort()
    audio.current?.pause()
    setPlaying(false)
  }
  const onPreview = async () => {
    if (playing) return stop()
    setPlaying(true)
    const controller = new AbortController()
    pending.current = controller
    try {
      const blob = await fetchVoicePreview(request(), controller.signal)
      const url = URL.createObjectURL(blob)
      const player = new Audio(url)
      audio.current = player
      const done = () => {
        URL.revokeObjectURL(url)
        setPlaying(false)
      }
      player.onended = done
      player.onerror = done
      player.onpause = done
      await player.play()
    } catch (error) {
      if (controller.signal.aborted) return
      toast.error(serverMessageOr(error, studioStrings.settings.previewFailed))
      setPlaying(false)
    }
  }
  return (
    <Button
      type="button"
      variant="soft"
      aria-label={ariaLabel}
      aria-pressed={playing}
      disabled={disabled}
      onClick={() => void onPreview()}
    >
      {playing ? playingLabel : label}
    </Button>
  )
}
