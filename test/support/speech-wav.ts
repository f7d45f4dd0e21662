import { execFile } from 'node:child_process'
import { createHash } from 'node:crypto'
import { existsSync, mkdirSync } from 'node:fs'
import { rename } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'

const run = promisify(execFile)

/*
 * Real speech for tests of listening (dictation, local calls): eSpeak NG says the text, sox makes it what a
 * browser microphone gives (48 kHz, mono, 16-bit) with silence after it, so voice-activity detection sees
 * the speaker stop. Files are cached by their arguments in a temp folder. .ci/run installs both tools.
 */

export interface SpeechWavOptions {
  /** Silence added after the speech, in seconds (default 1.5: longer than an end-of-speech pause). */
  trailingSilence?: number
  /** Silence before it, in seconds (default 0.2). */
  leadingSilence?: number
  /** eSpeak NG voice (default 'en'). */
  voice?: string
  /** Words per minute (default 160). */
  speed?: number
}

const CACHE = path.join(tmpdir(), 'likeness-speech-wav')

async function requireTool(name: string, args: string[]) {
  try {
    await run(name, args)
  } catch (error) {
    const code = (error as { code?: unknown }).code
    if (code === 'ENOENT')
      throw new Error(
        `${name} is missing: speech-wav needs espeak-ng and sox (apt-get install espeak-ng sox; .ci/run does this)`,
      )
  }
}

/** The path of a WAV of `text` spoken by eSpeak NG, resampled to 48 kHz mono 16-bit with silence padding. */
export async function speechWav(text: string, options: SpeechWavOptions = {}): Promise<string> {
  const { trailingSilence = 1.5, leadingSilence = 0.2, voice = 'en', speed = 160 } = options
  const key = createHash('sha256')
    .update(JSON.stringify([text, trailingSilence, leadingSilence, voice, speed]))
    .digest('hex')
    .slice(0, 16)
  const out = path.join(CACHE, `${key}.wav`)
  if (existsSync(out)) return out
  mkdirSync(CACHE, { recursive: true })
  await requireTool('espeak-ng', ['--version'])
  await requireTool('sox', ['--version'])
  const raw = path.join(CACHE, `${key}.${process.pid}.raw.wav`)
  const made = path.join(CACHE, `${key}.${process.pid}.wav`)
  await run('espeak-ng', ['-v', voice, '-s', String(speed), '-w', raw, text])
  await run('sox', [
    raw,
    '-r',
    '48000',
    '-c',
    '1',
    '-b',
    '16',
    made,
    'pad',
    String(leadingSilence),
    String(trailingSilence),
  ])
  // Written under a private name first: parallel workers never read half a file.
  await rename(made, out)
  return out
}

/** A WAV of silence only (no speech), 48 kHz mono 16-bit. */
export async function silenceWav(seconds: number): Promise<string> {
  const out = path.join(CACHE, `silence-${seconds}.wav`)
  if (existsSync(out)) return out
  mkdirSync(CACHE, { recursive: true })
  await requireTool('sox', ['--version'])
  const made = path.join(CACHE, `silence-${seconds}.${process.pid}.wav`)
  await run('sox', ['-n', '-r', '48000', '-c', '1', '-b', '16', made, 'trim', '0', String(seconds)])
  await rename(made, out)
  return out
}
