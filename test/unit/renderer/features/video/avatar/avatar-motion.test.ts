import { describe, expect, it } from 'vitest'
import {
  AVATAR_MOTION,
  avatarPose,
  coverCrop,
  pictureInPicture,
  portraitBox,
  smoothLevel,
  voiceAmount,
} from '../../../../../../renderer/src/features/video/avatar/avatar-motion'
import {
  pickRecordingType,
  recordingFileName,
} from '../../../../../../renderer/src/features/video/avatar/composite-recording'

describe('the avatar motion', () => {
  it('breathes gently while silent: the portrait grows and shrinks under 1%, no glow', () => {
    const scales = Array.from({ length: 42 }, (_, i) => avatarPose(i * 100, 0, false).scale)
    expect(Math.max(...scales)).toBeGreaterThan(1.007)
    expect(Math.min(...scales)).toBeLessThan(0.993)
    for (const scale of scales) expect(Math.abs(scale - 1)).toBeLessThanOrEqual(AVATAR_MOTION.breathScale)
    expect(avatarPose(1000, 0, false)).toMatchObject({ glow: 0, ring: AVATAR_MOTION.ringRest })
  })

  it('glows, rings and grows a little with the voice, and the breath gives way to it', () => {
    const quiet = avatarPose(1050, 0, false)
    const loud = avatarPose(1050, 1, false)
    expect(loud.glow).toBeCloseTo(AVATAR_MOTION.glowReach)
    expect(loud.ring).toBeCloseTo(AVATAR_MOTION.ringFull)
    expect(loud.scale).toBeCloseTo(1 + AVATAR_MOTION.speechScale)
    expect(loud.scale).toBeGreaterThan(quiet.scale)
    expect(avatarPose(1050, 0.5, false).glow).toBeCloseTo(AVATAR_MOTION.glowReach / 2)
  })

  it('holds still with reduced motion: the glow and ring only', () => {
    for (const t of [0, 500, 1050, 3000]) {
      expect(avatarPose(t, 0, true).scale).toBe(1)
      const pose = avatarPose(t, 1, true)
      expect(pose).toMatchObject({ scale: 1, glow: AVATAR_MOTION.glowReach })
      expect(pose.ring).toBeCloseTo(AVATAR_MOTION.ringFull)
    }
  })

  it('follows the voice quickly up and slowly down, the same at any frame rate', () => {
    const up = smoothLevel(0, 1, 60)
    const down = 1 - smoothLevel(1, 0, 60)
    expect(up).toBeGreaterThan(0.6)
    expect(down).toBeLessThan(0.25)
    let stepped = 0
    for (let i = 0; i < 4; i++) stepped = smoothLevel(stepped, 1, 15)
    expect(stepped).toBeCloseTo(smoothLevel(0, 1, 60))
    expect(smoothLevel(0.4, 0.8, 0)).toBe(0.4)
  })

  it('reads a speaking voice as 0..1 of full voice', () => {
    expect(voiceAmount(0)).toBe(0)
    expect(voiceAmount(AVATAR_MOTION.fullVoiceLevel / 2)).toBeCloseTo(0.5)
    expect(voiceAmount(0.9)).toBe(1)
  })
})

describe('the recording frame', () => {
  it('centres the portrait with room for its glow', () => {
    const box = portraitBox(1280, 720)
    expect(box.x + box.width / 2).toBe(640)
    expect(box.y + box.height / 2).toBe(360)
    expect(box.height * (1 + 2 * AVATAR_MOTION.glowReach) * (1 + AVATAR_MOTION.speechScale)).toBeLessThan(720)
  })

  it('puts the camera in the bottom-right corner at a quarter of the width, in its own aspect', () => {
    const pip = pictureInPicture(1280, 720, 640, 480)
    expect(pip).toEqual({ x: 1280 - 320 - 32, y: 720 - 240 - 32, width: 320, height: 240 })
    // Before the camera reports its size: 16:9.
    expect(pictureInPicture(1280, 720, 0, 0).height).toBe(180)
  })

  it('crops a portrait to cover its circle without stretching', () => {
    const crop = coverCrop(800, 1200, { x: 0, y: 0, width: 400, height: 400 })
    expect(crop).toEqual({ x: 0, y: 200, width: 800, height: 800 })
  })

  it('records webm with vp8 and opus where it can, else webm, else mp4', () => {
    expect(pickRecordingType(() => true)).toBe('video/webm;codecs=vp8,opus')
    expect(pickRecordingType((t) => t === 'video/webm')).toBe('video/webm')
    expect(pickRecordingType((t) => t === 'video/mp4')).toBe('video/mp4')
    expect(pickRecordingType(() => false)).toBeNull()
    expect(recordingFileName('video/webm;codecs=vp8,opus')).toBe('call.webm')
    expect(recordingFileName('video/mp4')).toBe('call.mp4')
  })
})
