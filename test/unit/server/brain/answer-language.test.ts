import { describe, expect, it } from 'vitest'
import {
  answerLanguageOf,
  brainTexts,
  cloneLanguageCode,
  languageName,
} from '../../../../server/brain/answer-language'
import type { AnswerInput, AnswerSource } from '../../../../server/brain/answerer'
import { composeAnswer, materialLanguageNote } from '../../../../server/brain/compose'
import { languageInstruction } from '../../../../server/brain/prompt'
import { OFF_TOPIC_OPENING } from '../../../../server/brain/small-talk'
import { searchTerms } from '../../../../server/brain/terms'
import { listInWords } from '../../../../server/brain/topics'
import { callTexts } from '../../../../server/calls/call-language'
import { createConversationBody } from '../../../../server/calls/tavus/tavus-client'

describe('the answer language (issue #25 item 6)', () => {
  it('follows the visitor when enableMultiLanguage is on, else keeps the clone’s own', () => {
    const on = { enableMultiLanguage: true }
    const off = { enableMultiLanguage: false }
    expect(answerLanguageOf({ language: 'en', options: on }, 'es')).toEqual({
      code: 'es',
      ownLanguageOnly: false,
    })
    expect(answerLanguageOf({ language: 'en', options: on }, 'pt-BR')).toEqual({
      code: 'pt',
      ownLanguageOnly: false,
    })
    expect(answerLanguageOf({ language: 'en', options: off }, 'es')).toEqual({
      code: 'en',
      ownLanguageOnly: true,
    })
    // clones.language is a code or a name; unknown or missing is English.
    expect(answerLanguageOf({ language: 'Spanish', options: off }, 'de')).toEqual({
      code: 'es',
      ownLanguageOnly: true,
    })
    expect(answerLanguageOf({ language: null, options: off }, 'de').code).toBe('en')
    // A visitor whose language is not known (a text message): left to the model.
    expect(answerLanguageOf({ language: 'en', options: on }, undefined)).toEqual({
      code: undefined,
      ownLanguageOnly: false,
    })
    expect(answerLanguageOf({ language: 'en', options: on }, 'xx').code).toBeUndefined()
    // A clone given without options follows the visitor, as a new clone does.
    expect(answerLanguageOf({ language: 'en' }, 'fr').code).toBe('fr')
  })

  it('reads a clone’s language given as a code, a tag or a name', () => {
    expect(cloneLanguageCode('English')).toBe('en')
    expect(cloneLanguageCode('es-MX')).toBe('es')
    expect(cloneLanguageCode(' german ')).toBe('de')
    expect(cloneLanguageCode('Klingon')).toBe('en')
    expect(cloneLanguageCode(undefined)).toBe('en')
  })

  it('tells a model the answer language in one sentence, naming it in English', () => {
    expect(languageInstruction({ answerLanguage: 'es', ownLanguageOnly: false })).toBe(
      'Answer in Spanish, whatever the language of the sources.',
    )
    expect(languageInstruction({ answerLanguage: 'ja', ownLanguageOnly: true })).toBe(
      'Always answer in Japanese, even when the visitor writes in another language.',
    )
    expect(languageInstruction({})).toBe(
      'Answer in the language the visitor writes in, whatever the language of the sources.',
    )
  })

  it('names languages in the answer’s language and lists in it', () => {
    expect(languageName('en', 'es')).toBe('inglés')
    expect(languageName('de')).toBe('German')
    expect(listInWords(['sleep', 'naps', 'caffeine'])).toBe('sleep, naps and caffeine')
    expect(listInWords(['sleep', 'naps', 'caffeine'], 'es')).toBe('sleep, naps y caffeine')
    expect(listInWords(['sleep', 'naps'], 'de')).toBe('sleep und naps')
    expect(listInWords(['sleep'], 'es')).toBe('sleep')
  })

  it('keeps the spec’s English text for the honest ‘not in my material’', () => {
    expect(brainTexts('en').offTopic).toBe(OFF_TOPIC_OPENING)
  })
})

const SOURCE: AnswerSource = {
  number: 1,
  documentId: 'naps',
  documentTitle: 'Naps for Athletes',
  type: 'Website',
  url: 'https://example.com/naps',
  tweetId: null,
  timestampMs: null,
  text: 'A 20-minute nap in the early afternoon is my default for athletes. Set the alarm for 25 minutes.',
  product: null,
}

const input = (overrides: Partial<AnswerInput> = {}): AnswerInput => {
  const question = 'Should athletes take a nap in the afternoon?'
  return {
    clone: { name: 'Dr. Lena Hart', headline: null, toneFeedback: null },
    intent: 'grounded',
    question,
    history: [],
    sources: [SOURCE],
    termWeights: new Map(searchTerms(question).map((t) => [t, 2])),
    topics: ['morning light', 'naps for athletes', 'caffeine cutoff'],
    language: 'en',
    ...overrides,
  }
}

describe('the local composer in another language than its material', () => {
  const es = brainTexts('es')
  const note = es.materialLanguage(languageName('en', 'es'))

  it('says once that its material is in another language, then quotes it as written', () => {
    const first = composeAnswer(input({ answerLanguage: 'es' }))
    expect(first.startsWith(`${note}\n\n`)).toBe(true)
    expect(first).toContain('A 20-minute nap in the early afternoon is my default for athletes [1].')
    const later = composeAnswer(
      input({
        answerLanguage: 'es',
        history: [
          { sender: 'USER', text: 'Hola' },
          { sender: 'CLONE', text: first },
        ],
      }),
    )
    expect(later).not.toContain(note)
    expect(later).toContain('[1]')
  })

  it('says nothing of the kind in the material’s own language, or with nothing quoted', () => {
    expect(materialLanguageNote(input({ answerLanguage: 'en' }))).toBeNull()
    expect(materialLanguageNote(input({ language: 'es', answerLanguage: 'es' }))).toBeNull()
    expect(materialLanguageNote(input())).toBeNull()
    expect(composeAnswer(input({ answerLanguage: 'es', intent: 'offTopic', sources: [] }))).toBe(
      es.offTopicWithTopics(listInWords(['morning light', 'naps for athletes', 'caffeine cutoff'], 'es')),
    )
    expect(composeAnswer(input({ answerLanguage: 'es', intent: 'greeting', question: 'hi' }))).toBe(
      es.hello('Lena', listInWords(['morning light', 'naps for athletes', 'caffeine cutoff'], 'es')),
    )
  })

  it('writes English byte for byte as before when the answer is in English', () => {
    const english = composeAnswer(input({ answerLanguage: 'en' }))
    expect(english).toBe(composeAnswer(input()))
    expect(composeAnswer(input({ answerLanguage: 'en', intent: 'greeting', question: 'thanks' }))).toBe(
      'You’re welcome! If anything else comes up about morning light, naps for athletes and caffeine cutoff, just ask.',
    )
    expect(composeAnswer(input({ answerLanguage: 'en', intent: 'offTopic', sources: [], topics: [] }))).toBe(
      OFF_TOPIC_OPENING,
    )
  })
})

describe('a call’s spoken lines', () => {
  it('greet in the call’s language', () => {
    expect(callTexts('en').greeting('Lena Hart')).toBe(
      'Hi, this is Lena Hart. What would you like to talk about?',
    )
    const body = createConversationBody(
      { apiKey: 'k', baseUrl: 'http://tavus.test', replicaId: undefined, personaId: undefined },
      {
        callId: 'c',
        clone: { name: 'Lena Hart', headline: null, description: null, tone: null },
        language: { code: 'es', name: 'Spanish' },
        question: null,
        firstMessage: callTexts('es').greeting('Lena Hart'),
      },
    )
    expect(body.custom_greeting).toBe(callTexts('es').greeting('Lena Hart'))
  })
})
