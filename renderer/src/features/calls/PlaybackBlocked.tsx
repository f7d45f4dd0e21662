import { Button, Flex, Text } from '@radix-ui/themes'
import { useEffect, useRef } from 'react'
import { callsStrings } from './calls.strings'

/**
 * spec 2 §2 'Status overlays: manual playback': the browser's autoplay policy holds the clone's voice (a
 * play() refused, an AudioContext left suspended); one click on this button starts it. The button takes
 * focus when it appears, so keyboard users reach it at once.
 */
export function PlaybackBlocked({ onResume }: Readonly<{ onResume: () => void }>) {
  const button = useRef<HTMLButtonElement>(null)
  useEffect(() => button.current?.focus(), [])
  return (
    <Flex direction="column" align="center" gap="2" className="call-playback" role="alert">
      <Text size="2">{callsStrings.playbackBlocked}</Text>
      <Button ref={button} size="3" radius="full" onClick={onResume}>
        {callsStrings.startAudio}
      </Button>
    </Flex>
  )
}
