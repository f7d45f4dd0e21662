// @vitest-environment happy-dom
import { cleanup, render, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { RecordingPlayer } from '../../../../../../renderer/src/features/voice/recording/RecordingPlayer'
import {
  barsForWidth,
  peaksOf,
  positionAt,
} from '../../../../../../renderer/src/features/voice/recording/recording-peaks'

/* The transcript page's recording (spec 2 §2 'waveform display resolution is variable'). */

afterEach(cleanup)

describe('the recording waveform', () => {
  it('shows as many bars as its width holds, within sane bounds', () => {
    expect(barsForWidth(498)).toBe(100)
    expect(barsForWidth(998)).toBe(200)
    expect(barsForWidth(20)).toBe(16)
    expect(barsForWidth(10_000)).toBe(600)
  })

  it('gives each bar its slice’s loudest sample, scaled to the loudest bar', () => {
    const samples = new Float32Array(400)
    samples.fill(0.05, 0, 100)
    samples[150] = -0.5
    samples.fill(0.25, 200, 300)
    const peaks = peaksOf(samples, 4)
    expect(peaks.map((p) => Number(p.toFixed(4)))).toEqual([0.1, 1, 0.5, 0])
    expect(peaksOf(new Float32Array(10), 5)).toEqual([0, 0, 0, 0, 0])
    // More bars than samples: every bar still reads a sample.
    expect(peaksOf(Float32Array.from([0.5, 1]), 4)).toEqual([0.5, 0.5, 1, 1])
  })

  it('maps a click to a position in the recording', () => {
    expect(positionAt(50, 200)).toBe(0.25)
    expect(positionAt(-5, 200)).toBe(0)
    expect(positionAt(500, 200)).toBe(1)
  })

  it('draws over the player once the recording is read, and leaves the player alone when it cannot be', async () => {
    const read = vi.fn(async () => new Float32Array([0, 0.5, -1, 0.25]))
    const { container, unmount } = render(
      <RecordingPlayer src="https://storage.example/call.wav" label="Call recording" load={read} />,
    )
    await waitFor(() => expect(container.querySelector('canvas.call-recording__waveform')).not.toBeNull())
    expect(read).toHaveBeenCalledWith('https://storage.example/call.wav', expect.any(AbortSignal))
    expect(container.querySelector('audio')?.getAttribute('aria-label')).toBe('Call recording')
    unmount()

    const refused = vi.fn(async () => {
      throw new Error('too large')
    })
    const alone = render(
      <RecordingPlayer src="https://storage.example/big.wav" label="Call recording" load={refused} />,
    )
    await waitFor(() => expect(refused).toHaveBeenCalled())
    expect(alone.container.querySelector('canvas')).toBeNull()
    expect(alone.container.querySelector('audio')?.hasAttribute('controls')).toBe(true)
  })
})
