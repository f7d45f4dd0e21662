import { ref } from 'valtio'
import { cameraProblemOf } from './camera-problem'
import { type VideoCallEvent, WebcamStatus } from './video-call.machine'
import type { VideoCallDependencies, VideoCallView } from './video-call.types'

const release = (stream: MediaStream | null) => {
  for (const track of stream?.getTracks() ?? []) track.stop()
}

/**
 * The visitor's camera during a call (spec 2 §4 'Webcam status'): opened with the call, switched from the
 * settings, stopped with the call. A denied or missing camera shows its text; the call goes on with audio.
 */
export function createCameraControl(
  view: VideoCallView,
  deps: () => VideoCallDependencies,
  dispatch: (event: VideoCallEvent) => boolean,
) {
  const stop = () => {
    release(view.camera)
    view.camera = null
  }
  return {
    stop,
    /** Opens the default camera for a start; `current()` tells whether that start still matters. */
    async open(current: () => boolean): Promise<MediaStream | null> {
      if (view.camera) return view.camera
      dispatch({ type: 'WEBCAM', status: WebcamStatus.SETTING_UP })
      try {
        const stream = await deps().openCamera()
        if (!current()) {
          release(stream)
          return null
        }
        view.camera = ref(stream)
        dispatch({ type: 'WEBCAM', status: WebcamStatus.READY })
        return stream
      } catch (error) {
        if (current())
          dispatch({ type: 'WEBCAM', status: WebcamStatus.ERROR, problem: cameraProblemOf(error) })
        return null
      }
    },
    /** A camera picked in the settings: a new stream replaces the old (null: the call is over). */
    async switchTo(deviceId: string, current: () => boolean): Promise<MediaStream | null> {
      try {
        const stream = await deps().openCamera(deviceId)
        if (!current()) {
          release(stream)
          return null
        }
        stop()
        view.camera = ref(stream)
        dispatch({ type: 'WEBCAM', status: WebcamStatus.READY })
        return stream
      } catch (error) {
        dispatch({ type: 'WEBCAM', status: WebcamStatus.ERROR, problem: cameraProblemOf(error) })
        return null
      }
    },
  }
}
