import { describe, expect, it } from 'vitest'
import { recordingOptions } from '../../../../../renderer/src/features/video/daily/daily-engine'
import {
  type DailyMappingState,
  INITIAL_DAILY_STATE,
  mapDailyEvent,
} from '../../../../../renderer/src/features/video/daily/daily-events'
import type { VideoEngineEvent } from '../../../../../renderer/src/features/video/video-engine'
import recorded from './daily-events.json'

const T0 = Date.parse('2026-01-01T10:00:00.000Z')
const CONVERSATION_ID = '22222222-2222-4222-8222-222222222222'

describe('mapDailyEvent', () => {
  it('turns a recorded Tavus conversation on Daily into the video store’s events', () => {
    let state: DailyMappingState = INITIAL_DAILY_STATE
    const mapped: VideoEngineEvent[] = []
    for (const e of recorded.events) {
      const result = mapDailyEvent(state, e.name, e.payload, T0 + e.at)
      state = result.state
      mapped.push(...result.events)
    }
    expect(mapped).toEqual(recorded.expected)
  })

  it('counts a replica already waiting in the room as joined at once', () => {
    const { events } = mapDailyEvent(
      INITIAL_DAILY_STATE,
      'joined-meeting',
      { participants: { local: { session_id: 'me', local: true }, r: { session_id: 'replica-1' } } },
      T0,
    )
    expect(events).toEqual([{ type: 'joined' }, { type: 'replica-joined', bootMs: 0 }])
  })

  it('tells a refused or missing microphone from a refused or missing camera', () => {
    const kind = (error: Record<string, unknown>) =>
      mapDailyEvent(INITIAL_DAILY_STATE, 'camera-error', { error }, T0).events[0]
    expect(kind({ type: 'permissions', blockedMedia: ['video', 'audio'], msg: 'x' })).toMatchObject({
      error: { kind: 'microphone-denied' },
    })
    expect(kind({ type: 'permissions', blockedMedia: ['video'], msg: 'x' })).toMatchObject({
      error: { kind: 'camera-denied' },
    })
    expect(kind({ type: 'not-found', missingMedia: ['video'], msg: 'x' })).toMatchObject({
      error: { kind: 'camera-not-found' },
    })
    expect(kind({ type: 'not-found', missingMedia: ['audio'], msg: 'x' })).toMatchObject({
      error: { kind: 'microphone-not-found' },
    })
  })

  it('reads an ejection as the room’s end once, and any other room error as a provider error', () => {
    const joined = { ...INITIAL_DAILY_STATE, joinedAt: T0 }
    const ejected = mapDailyEvent(
      joined,
      'error',
      { errorMsg: 'Meeting has ended', error: { type: 'ejected' } },
      T0,
    )
    expect(ejected.events).toEqual([{ type: 'room-deleted' }])
    expect(mapDailyEvent(ejected.state, 'left-meeting', {}, T0).events).toEqual([])
    // A room already gone when we join is a failed start, not the 1-hour end.
    expect(
      mapDailyEvent(
        INITIAL_DAILY_STATE,
        'error',
        { errorMsg: 'Exiting meeting because room was deleted', error: { type: 'no-room' } },
        T0,
      ).events,
    ).toMatchObject([{ type: 'error', error: { kind: 'provider' } }])
    expect(
      mapDailyEvent(
        INITIAL_DAILY_STATE,
        'error',
        { errorMsg: 'connection failed', error: { type: 'connection-error' } },
        T0,
      ).events,
    ).toMatchObject([{ type: 'error', error: { kind: 'provider', message: 'connection failed' } }])
  })

  it('uses Daily’s transcription while Tavus sends no utterances', () => {
    const state = { ...INITIAL_DAILY_STATE, localId: 'me', replicaId: 'replica-1' }
    const payload = { participantId: 'replica-1', text: 'Hallo!', rawResponse: { is_final: false } }
    expect(mapDailyEvent(state, 'transcription-message', payload, T0).events).toEqual([
      {
        type: 'transcript',
        participant: 'CLONE',
        text: 'Hallo!',
        final: false,
        timestamp: '2026-01-01T10:00:00.000Z',
      },
    ])
  })
})

describe('recordingOptions', () => {
  it('records picture-in-picture with the logo over it, under the conversation’s id (spec 2 §7)', () => {
    expect(recordingOptions(CONVERSATION_ID, 'https://likeness.example/icons/icon-192.png')).toEqual({
      instanceId: CONVERSATION_ID,
      type: 'cloud',
      width: 1280,
      height: 720,
      layout: {
        preset: 'custom',
        composition_params: { mode: 'pip', showImageOverlay: true, 'image.assetName': 'logo.png' },
        session_assets: { 'images/logo.png': 'https://likeness.example/icons/icon-192.png' },
      },
    })
    expect(recordingOptions(CONVERSATION_ID, null)).toMatchObject({
      layout: { preset: 'custom', composition_params: { mode: 'pip' } },
    })
  })
})
