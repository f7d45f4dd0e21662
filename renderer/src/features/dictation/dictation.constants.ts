/** Dictation's constants in one place (spec 2 §2, §8, §9). */

// spec 2 §9 'Dictation recorder: 16 kHz mono, 32 kbps'
export const RECORDER_SAMPLE_RATE = 16_000
export const RECORDER_CHANNELS = 1
export const RECORDER_BITS_PER_SECOND = 32_000
// spec 2 §4 / §9: recording in 250 ms chunks
export const RECORDER_CHUNK_MS = 250
// spec 2 §9: mic stop delay 100 ms; wait 300 ms if (a previous recorder is) still stopping
export const MIC_STOP_DELAY_MS = 100
export const STILL_STOPPING_WAIT_MS = 300
// spec 2 §9: audio analyser size 256
export const ANALYSER_FFT_SIZE = 256

// spec 2 §2 / §9: waveform of 150 bars updated every 70 ms; dot height from amplitude, minimum 4
export const WAVEFORM_BARS = 150
export const WAVEFORM_INTERVAL_MS = 70
export const WAVEFORM_MIN_BAR_PX = 4
export const WAVEFORM_MAX_BAR_PX = 24
/** Speech RMS sits around 0.02-0.25 of full scale: this gain lets ordinary speech fill the bar height. */
export const WAVEFORM_GAIN = 4

// spec 2 §8: dictation toasts last 5 s
export const DICTATION_TOAST_MS = 5_000

/**
 * Not a spec figure: a press shorter than this holds no word, so it is 'too short' without asking the
 * server (which answers short_audio for it anyway, spec 2 §5).
 */
export const MIN_RECORDING_MS = 500

/**
 * Whisper's own default compression_ratio_threshold: above it a transcription is repetitive gibberish
 * ('Speech quality too low', spec 2 §8). The spec names the metadata (§3) but no figure for it.
 */
export const MAX_COMPRESSION_RATIO = 2.4

/** Not a spec figure: how long the browser's recognizer may take to hand over its last result after stop. */
export const RECOGNITION_END_TIMEOUT_MS = 3_000
