/**
 * The browser's own speech recognition (Web Speech API), the transcription of last resort when the server
 * has no transcription endpoint (ARCHITECTURE.md 'Embedded defaults'). Chrome, Edge and Safari have it
 * (Chrome sends the audio to Google); Firefox does not, and then the product says transcription is not
 * set up instead of offering a dead button.
 */

export interface RecognitionCallbacks {
  /** A result: interim ones while the visitor speaks, then `final` once per utterance. */
  onResult(text: string, final: boolean): void
  /** The recognizer failed ('not-allowed', 'network', 'no-speech', 'audio-capture', ...). */
  onError(code: string): void
  /** The recognizer stopped (after stop(), an error, or the browser ending it). */
  onEnd(): void
}

export interface RecognitionSession {
  stop(): void
  /** Stops at once, dropping what was not final yet. */
  abort(): void
}

export interface BrowserSpeechRecognition {
  readonly supported: boolean
  /** `continuous` keeps listening across pauses (calls); otherwise one utterance (dictation). */
  start(
    language: string,
    callbacks: RecognitionCallbacks,
    options?: { continuous?: boolean },
  ): RecognitionSession
}

interface RecognitionResultLike {
  readonly isFinal: boolean
  readonly 0: { readonly transcript: string }
}
interface RecognitionLike {
  lang: string
  continuous: boolean
  interimResults: boolean
  onresult: ((event: { resultIndex: number; results: ArrayLike<RecognitionResultLike> }) => void) | null
  onerror: ((event: { error: string }) => void) | null
  onend: (() => void) | null
  start(): void
  stop(): void
  abort(): void
}
type RecognitionConstructor = new () => RecognitionLike

const constructorIn = (scope: object): RecognitionConstructor | undefined => {
  const s = scope as {
    SpeechRecognition?: RecognitionConstructor
    webkitSpeechRecognition?: RecognitionConstructor
  }
  return s.SpeechRecognition ?? s.webkitSpeechRecognition
}

export function browserSpeechRecognition(scope: object = globalThis): BrowserSpeechRecognition {
  const Recognition = constructorIn(scope)
  return {
    supported: Recognition !== undefined,
    start(language, callbacks, options = {}) {
      if (!Recognition) throw new Error('This browser has no speech recognition')
      const recognition = new Recognition()
      recognition.lang = language
      recognition.continuous = options.continuous ?? false
      recognition.interimResults = true
      recognition.onresult = (event) => {
        for (let i = event.resultIndex; i < event.results.length; i++) {
          const result = event.results[i]
          if (result) callbacks.onResult(result[0].transcript, result.isFinal)
        }
      }
      recognition.onerror = (event) => callbacks.onError(event.error)
      recognition.onend = () => callbacks.onEnd()
      recognition.start()
      return { stop: () => recognition.stop(), abort: () => recognition.abort() }
    },
  }
}
