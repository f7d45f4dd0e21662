import { spawn } from 'node:child_process'
import type { SpeechTiming } from '../../contract/speech-timing'

/*
 * When each phoneme of eSpeak NG's speech is heard (issue #26, the local avatar's mouth). The espeak-ng
 * command line cannot say it: `--pho` needs an MBROLA voice and `-x` gives phonemes without durations. The
 * library can: initialised with espeakINITIALIZE_PHONEME_EVENTS, its synthesis callback reports every phoneme
 * with its audio position. Python's ctypes (standard library) drives libespeak-ng.so.1 for that, with the
 * same voice, speed and text as the command line, and so the same audio: verified on this machine, the
 * library's samples equal the `--stdout` WAV's sample for sample (the command line only adds trailing
 * silence). Without python3 or the library the timing is null and the avatar follows the audio level.
 */

const SCRIPT = String.raw`
import ctypes, sys, json
lib = ctypes.CDLL('libespeak-ng.so.1')
class Event(ctypes.Structure):
    _fields_ = [('type', ctypes.c_int), ('uid', ctypes.c_uint), ('text_position', ctypes.c_int),
                ('length', ctypes.c_int), ('audio_position', ctypes.c_int), ('sample', ctypes.c_int),
                ('user_data', ctypes.c_void_p), ('id', ctypes.c_char * 8)]
Callback = ctypes.CFUNCTYPE(ctypes.c_int, ctypes.POINTER(ctypes.c_short), ctypes.c_int, ctypes.POINTER(Event))
marks = []
samples = [0]
def on_synth(wav, count, events):
    samples[0] += max(0, count)
    i = 0
    while events[i].type != 0:
        if events[i].type == 7:
            marks.append([events[i].id.decode('ascii', 'replace'), events[i].audio_position])
        i += 1
    return 0
callback = Callback(on_synth)
rate = lib.espeak_Initialize(2, 0, None, 1)
if rate <= 0: sys.exit(3)
lib.espeak_SetSynthCallback(callback)
if lib.espeak_SetVoiceByName(sys.argv[1].encode()) != 0: sys.exit(4)
lib.espeak_SetParameter(1, int(sys.argv[2]), 0)
text = sys.stdin.buffer.read() + b'\0'
lib.espeak_Synth(text, len(text), 0, 0, 0, 1, None, None)
lib.espeak_Synchronize()
sys.stdout.write(json.dumps({'rate': rate, 'samples': samples[0], 'marks': marks}))
`

export interface EspeakTimingOptions {
  python?: string
  /** How long the timing may take before the speech goes without it. */
  timeoutMs?: number
}

/** Phoneme starts (ms) and the speech's end (ms) as phoneme marks [phoneme, start, end]. */
export function phonemeMarks(starts: Array<[string, number]>, endMs: number): SpeechTiming['marks'] {
  const marks: SpeechTiming['marks'] = []
  for (let i = 0; i < starts.length; i++) {
    const [phoneme, start] = starts[i] as [string, number]
    const end = Math.max(start, i + 1 < starts.length ? (starts[i + 1] as [string, number])[1] : endMs)
    marks.push([phoneme.slice(0, 8), start, end])
  }
  return marks
}

/** The phonemes of `text` spoken by `voice` at `wordsPerMinute`, or null when they cannot be had. */
export function espeakTiming(
  text: string,
  voice: string,
  wordsPerMinute: number,
  options: EspeakTimingOptions = {},
  signal?: AbortSignal,
): Promise<SpeechTiming | null> {
  return new Promise((resolve) => {
    let child: ReturnType<typeof spawn>
    try {
      child = spawn(options.python ?? 'python3', ['-c', SCRIPT, voice, String(wordsPerMinute)], {
        stdio: ['pipe', 'pipe', 'ignore'],
        signal,
      })
    } catch {
      return resolve(null)
    }
    const timer = setTimeout(() => child.kill('SIGKILL'), options.timeoutMs ?? 5000)
    const chunks: Buffer[] = []
    child.stdout?.on('data', (chunk: Buffer) => chunks.push(chunk))
    child.on('error', () => {
      clearTimeout(timer)
      resolve(null)
    })
    child.on('close', (code) => {
      clearTimeout(timer)
      if (code !== 0) return resolve(null)
      try {
        const out = JSON.parse(Buffer.concat(chunks).toString()) as {
          rate: number
          samples: number
          marks: Array<[string, number]>
        }
        const endMs = Math.round((out.samples / out.rate) * 1000)
        resolve({ kind: 'phonemes', marks: phonemeMarks(out.marks, endMs) })
      } catch {
        resolve(null)
      }
    })
    child.stdin?.on('error', () => {})
    child.stdin?.end(text)
  })
}
