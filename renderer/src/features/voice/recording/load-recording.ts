/** Reads a recording's samples (its first channel) for the waveform; rejects when it cannot. */
export type LoadRecording = (url: string, signal: AbortSignal) => Promise<Float32Array>

/** Past this the waveform is left out: decoding would hold the whole call in memory for a picture. */
export const MAX_WAVEFORM_BYTES = 30 * 1024 * 1024

export const loadRecordingSamples: LoadRecording = async (url, signal) => {
  const response = await fetch(url, { credentials: 'include', signal })
  if (!response.ok) throw new Error(`The recording answered ${response.status}`)
  const size = Number(response.headers.get('content-length') ?? 0)
  if (size > MAX_WAVEFORM_BYTES) {
    await response.body?.cancel()
    throw new Error('The recording is too large for a waveform')
  }
  const data = await response.arrayBuffer()
  // An offline context decodes without opening an audio output; a low rate is plenty for a picture.
  const context = new OfflineAudioContext(1, 1, 8000)
  const buffer = await context.decodeAudioData(data)
  return buffer.getChannelData(0)
}
