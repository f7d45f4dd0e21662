import { Text } from '@radix-ui/themes'
import { useEffect, useRef, useState } from 'react'
import { type Corner, cornerPosition, type Point, snapToCorner } from './self-camera-snap'
import { videoStrings } from './video.strings'
import type { CameraProblem } from './video-call.machine'

/** The camera's problem, in the active language. */
const problemText = (problem: CameraProblem): string =>
  ({
    off: videoStrings.cameraOff,
    unavailable: videoStrings.cameraUnavailable,
    'not-found': videoStrings.noCameras,
  })[problem]

/** The keys that move the camera to a corner from the keyboard (the drag's equivalent). */
const KEY_CORNERS: Record<string, (c: Corner) => Corner> = {
  ArrowLeft: (c) => c.replace('right', 'left') as Corner,
  ArrowRight: (c) => c.replace('left', 'right') as Corner,
  ArrowUp: (c) => c.replace('bottom', 'top') as Corner,
  ArrowDown: (c) => c.replace('top', 'bottom') as Corner,
}

/**
 * spec 2 §2: the draggable self camera, snapping to the nearest corner when dropped (self-camera-snap.ts),
 * or the camera's problem text (spec 2 §8). Arrow keys move it between corners.
 */
export function SelfCamera({
  stream,
  problem,
  container,
}: Readonly<{
  stream: MediaStream | null
  problem: CameraProblem | null
  container: () => HTMLElement | null
}>) {
  const video = useRef<HTMLVideoElement>(null)
  const [corner, setCorner] = useState<Corner>('bottom-right')
  const [drag, setDrag] = useState<{ start: Point; origin: Point; at: Point } | null>(null)

  useEffect(() => {
    const element = video.current
    if (element && 'srcObject' in element) element.srcObject = stream
  }, [stream])

  const size = () => {
    const box = container()?.getBoundingClientRect()
    return { width: box?.width ?? 0, height: box?.height ?? 0 }
  }
  const settled = cornerPosition(corner, size())
  const at = drag?.at ?? settled

  return (
    // A button: focusable, and the arrow keys move it between corners (the drag's keyboard equivalent).
    <button
      type="button"
      className="video-self"
      data-corner={corner}
      aria-label={videoStrings.selfCamera}
      style={{ transform: `translate(${at.x}px, ${at.y}px)` }}
      onKeyDown={(event) => {
        const move = KEY_CORNERS[event.key]
        if (!move) return
        event.preventDefault()
        setCorner(move(corner))
      }}
      onPointerDown={(event) => {
        event.currentTarget.setPointerCapture?.(event.pointerId)
        setDrag({ start: { x: event.clientX, y: event.clientY }, origin: settled, at: settled })
      }}
      onPointerMove={(event) => {
        if (!drag) return
        const at = {
          x: drag.origin.x + event.clientX - drag.start.x,
          y: drag.origin.y + event.clientY - drag.start.y,
        }
        setDrag({ ...drag, at })
      }}
      onPointerUp={() => {
        if (!drag) return
        setCorner(snapToCorner(drag.at, size()).corner)
        setDrag(null)
      }}
    >
      {stream ? (
        <video ref={video} autoPlay muted playsInline className="video-self__video" />
      ) : (
        <Text size="1" align="center" className="video-self__text">
          {problem ? problemText(problem) : videoStrings.cameraOff}
        </Text>
      )}
    </button>
  )
}
