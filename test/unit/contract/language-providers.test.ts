import { spawnSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { describe, expect, it } from 'vitest'
import {
  DEEPGRAM_NOVA_2_CODES,
  deepgramLanguage,
  elevenLabsLanguage,
  espeakVoice,
  LANGUAGE_PROVIDERS,
  whisperLanguage,
} from '../../../contract/language-providers'
import { LANGUAGES } from '../../../contract/languages'

/*
 * Issue #25 item 7: each of the 32 languages against the codes Whisper, ElevenLabs, Deepgram (Vapi) and
 * eSpeak NG take. The reference lists below are copied from the sources cited in contract/language-providers.ts.
 */

/** `LANGUAGES` of openai/whisper whisper/tokenizer.py (large-v3 adds 'yue'). */
const WHISPER_CODES = new Set(
  (
    'en zh de es ru ko fr ja pt tr pl ca nl ar sv it id hi fi vi he uk el ms cs ro da hu ta no th ur hr bg lt la ' +
    'mi ml cy sk te fa lv bn sr az sl kn et mk br eu is hy ne mn bs kk sq sw gl mr pa si km sn yo so af oc ka be ' +
    'tg sd gu am yi lo uz fo ht ps tk nn mt sa lb my bo tl mg as tt haw ln ha ba jw su yue'
  ).split(' '),
)

/** https://elevenlabs.io/docs/overview/models: eleven_multilingual_v2's 29, plus hu, no, vi for flash/turbo v2.5. */
const ELEVENLABS_V2_5_CODES = new Set(
  'en ja zh de hi fr ko pt it es id nl tr fil pl sv bg ro ar cs el fi hr ms sk da ta uk ru hu no vi'.split(
    ' ',
  ),
)

/** The string literals of one `language?:` union in @vapi-ai/web's generated API types. */
function vapiLanguages(interfaceName: string): Set<string> {
  const pkg = createRequire(import.meta.url).resolve('@vapi-ai/web/package.json')
  const api = readFileSync(join(dirname(pkg), 'dist', 'api.d.ts'), 'utf8')
  const start = api.indexOf(`export interface ${interfaceName} {`)
  expect(start, interfaceName).toBeGreaterThanOrEqual(0)
  const body = api.slice(start, api.indexOf('\n}', start))
  const union = /\n\s*language\?: ([^;]+);/.exec(body)?.[1] ?? ''
  return new Set([...union.matchAll(/"([^"]+)"/g)].map((m) => m[1]!))
}

const codes = LANGUAGES.map((l) => l.code)
const rows = Object.entries(LANGUAGE_PROVIDERS)

describe('LANGUAGE_PROVIDERS', () => {
  it('has one row for each of the 32 languages and no other', () => {
    expect(codes).toHaveLength(32)
    expect(Object.keys(LANGUAGE_PROVIDERS).sort()).toEqual([...codes].sort())
  })

  it('gives Whisper only codes of its tokenizer, for every language', () => {
    for (const [code, row] of rows) {
      expect(row.whisper, code).not.toBeNull()
      expect(WHISPER_CODES.has(row.whisper!), `${code} → ${row.whisper}`).toBe(true)
    }
  })

  it('gives ElevenLabs exactly the 32 codes of turbo / flash v2.5', () => {
    expect(new Set(rows.map(([, row]) => row.elevenLabs))).toEqual(ELEVENLABS_V2_5_CODES)
  })

  it("gives Deepgram only codes Vapi's Deepgram transcriber takes", () => {
    const accepted = vapiLanguages('DeepgramTranscriber')
    expect(accepted.has('en')).toBe(true)
    for (const [code, row] of rows) {
      if (row.deepgram !== null) expect(accepted.has(row.deepgram), `${code} → ${row.deepgram}`).toBe(true)
    }
  })

  it("gives Whisper only codes Vapi's Talkscriber (Whisper) transcriber takes", () => {
    const accepted = vapiLanguages('TalkscriberTranscriber')
    for (const [code, row] of rows) expect(accepted.has(row.whisper!), `${code} → ${row.whisper}`).toBe(true)
  })

  it('knows the codes that differ from ours', () => {
    // Filipino: Tagalog to Whisper and Deepgram, 'fil' to ElevenLabs, no eSpeak NG voice.
    expect(LANGUAGE_PROVIDERS.fil).toEqual({ whisper: 'tl', elevenLabs: 'fil', deepgram: 'tl', espeak: null })
    expect(LANGUAGE_PROVIDERS.zh).toEqual({ whisper: 'zh', elevenLabs: 'zh', deepgram: 'zh', espeak: 'cmn' })
    expect(LANGUAGE_PROVIDERS.no).toEqual({ whisper: 'no', elevenLabs: 'no', deepgram: 'no', espeak: 'nb' })
    expect(LANGUAGE_PROVIDERS.en).toEqual({ whisper: 'en', elevenLabs: 'en', deepgram: 'en', espeak: 'en' })
    expect(LANGUAGE_PROVIDERS.ar).toEqual({ whisper: 'ar', elevenLabs: 'ar', deepgram: 'ar', espeak: 'ar' })
    // Every other language is its own code everywhere.
    const differing = rows
      .filter(([code, row]) => Object.values(row).some((v) => v !== code))
      .map(([code]) => code)
      .sort()
    expect(differing).toEqual(['fil', 'no', 'zh'])
  })

  it('lists the languages nova-2 lacks: Arabic, Croatian, Filipino and Tamil', () => {
    expect(codes.filter((c) => !DEEPGRAM_NOVA_2_CODES.has(c)).sort()).toEqual(['ar', 'fil', 'hr', 'ta'])
    for (const code of DEEPGRAM_NOVA_2_CODES) expect(codes, code).toContain(code)
  })
})

describe("languages.ts's transcription flags", () => {
  it('whisperSupported: every language, and Whisper takes a code for each (Filipino as tl)', () => {
    for (const l of LANGUAGES) {
      expect(l.transcription.whisperSupported, l.code).toBe(true)
      expect(whisperLanguage(l.code), l.code).not.toBeNull()
    }
  })

  it("deepgramSupported: the models server/calls/vapi/assistant.ts picks (nova-2, 'enhanced' for Tamil)", () => {
    // Exception 1: Tamil is flagged although nova-2 lacks it, because the call uses Deepgram's 'enhanced'
    // model for it (DEEPGRAM_ENHANCED_LANGUAGES), which takes 'ta'.
    const ENHANCED_ONLY = new Set(['ta'])
    for (const l of LANGUAGES) {
      expect(l.transcription.deepgramSupported, l.code).toBe(
        DEEPGRAM_NOVA_2_CODES.has(l.code) || ENHANCED_ONLY.has(l.code),
      )
    }
  })

  it('deepgramSupported is narrower than nova-3: Arabic, Croatian and Filipino are unflagged yet nova-3 takes them', () => {
    // Exception 2: the table's `deepgram` column is nova-3's, which takes all 32 (Filipino as tl); the flags
    // stay at nova-2, so these three go to Whisper (Talkscriber) on a Vapi call.
    const NOVA_3_ONLY = ['ar', 'fil', 'hr']
    for (const l of LANGUAGES) expect(deepgramLanguage(l.code), l.code).not.toBeNull()
    expect(
      LANGUAGES.filter((l) => !l.transcription.deepgramSupported)
        .map((l) => l.code)
        .sort(),
    ).toEqual(NOVA_3_ONLY)
  })
})

describe('provider code lookups', () => {
  it('answer a code in any case or with a region', () => {
    expect(whisperLanguage('fil')).toBe('tl')
    expect(whisperLanguage('fil-PH')).toBe('tl')
    expect(elevenLabsLanguage('FIL')).toBe('fil')
    expect(deepgramLanguage('fil_PH')).toBe('tl')
    expect(espeakVoice('zh-Hant-TW')).toBe('cmn')
    expect(espeakVoice(' no ')).toBe('nb')
    expect(whisperLanguage('pt-BR')).toBe('pt')
  })

  it('answer null for a language without a voice or outside the table', () => {
    expect(espeakVoice('fil')).toBeNull()
    expect(whisperLanguage('xx')).toBeNull()
    expect(deepgramLanguage('constructor')).toBeNull()
    expect(elevenLabsLanguage('')).toBeNull()
    expect(espeakVoice(null)).toBeNull()
    expect(deepgramLanguage(undefined)).toBeNull()
  })
})

const hasEspeak = spawnSync('espeak-ng', ['--version']).status === 0

describe.runIf(hasEspeak)('eSpeak NG voices (espeak-ng on PATH)', () => {
  const speaks = (voice: string) => spawnSync('espeak-ng', ['-v', voice, '-q', 'x']).status === 0

  /** The language names `espeak-ng --voices` lists: each voice's own, and the ones in '(zh 5)' after it. */
  const listed = () => {
    const names = new Set<string>()
    for (const line of spawnSync('espeak-ng', ['--voices'], { encoding: 'utf8' })
      .stdout.split('\n')
      .slice(1)) {
      const own = line.trim().split(/\s+/)[1]
      if (own) names.add(own)
      for (const m of line.matchAll(/\(([^ )]+) \d+\)/g)) names.add(m[1]!)
    }
    return names
  }

  it('takes every voice of the table, each by a name eSpeak lists', () => {
    const names = listed()
    expect(names.has('cmn')).toBe(true)
    for (const [code, row] of rows) {
      if (row.espeak === null) continue
      // eSpeak falls back on a tag's language ('-v no-such-voice' speaks Norwegian), so the name must be listed.
      expect(names.has(row.espeak), `${code} → ${row.espeak} listed`).toBe(true)
      expect(speaks(row.espeak), `${code} → -v ${row.espeak}`).toBe(true)
    }
  })

  it('has no voice for a language the table leaves without one', () => {
    expect(speaks('xyz')).toBe(false)
    for (const [code, row] of rows) {
      if (row.espeak === null) {
        expect(speaks(code), code).toBe(false)
        if (row.whisper) expect(speaks(row.whisper), `${code} as ${row.whisper}`).toBe(false)
      }
    }
  })
})
