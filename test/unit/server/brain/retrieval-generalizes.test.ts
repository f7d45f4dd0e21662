import { describe, expect, it } from 'vitest'
import { CREATOR_ANSWER_TITLE } from '../../../../contract/knowledge'
import type { Answerer, AnswerInput } from '../../../../server/brain/answerer'
import { chunkDocument } from '../../../../server/brain/chunk'
import { CloneBrain } from '../../../../server/brain/clone-brain'
import { composeAnswer } from '../../../../server/brain/compose'
import {
  indexKnowledge,
  type KnowledgeChunk,
  type KnowledgeIndex,
} from '../../../../server/brain/knowledge-index'
import { analyzerFor } from '../../../../server/brain/language/analyzer'
import { LocalAnswerer } from '../../../../server/brain/local-answerer'
import { chatCompletionMessages } from '../../../../server/brain/prompt'
import { retrieve } from '../../../../server/brain/retrieve'
import { revisionText } from '../../../../server/brain/revisions'

/*
 * Issue #23: the clone answers from any creator's material, whatever its size, in other words than the
 * question's, and in the clone's language; and still declines what its material does not cover.
 */

interface Doc {
  id: string
  title: string
  text: string
}

function indexOf(docs: readonly Doc[], language = 'English'): KnowledgeIndex {
  const chunks: KnowledgeChunk[] = docs.flatMap((doc) =>
    chunkDocument({ text: doc.text }).map((c) => ({
      chunkId: `${doc.id}-${c.index}`,
      chunkIndex: c.index,
      documentId: doc.id,
      documentTitle: doc.title,
      type: 'File' as const,
      url: null,
      tweetId: null,
      timestampMs: null,
      text: c.text,
      product: null,
    })),
  )
  return indexKnowledge({ cloneId: 'clone', version: '1', chunks, language })
}

const LIGHTHOUSE: Doc = {
  id: 'varrow',
  title: 'Life at Varrow Point',
  text: [
    'The lighthouse keeper of Varrow Point keeps a ginger cat named Brisket Marlowe. The cat sleeps on the lamp room stairs and hunts mice in the oil store.',
    'Beside the keeper’s cottage there is an apiary of forty-two hives. The honey is sold in the village shop from August.',
    'The village bakery closes on Mondays. On the other days it opens at seven in the morning.',
  ].join('\n\n'),
}

/** Material on other subjects, written from templates: the haystack a growing knowledge base adds. */
function otherDocs(count: number): Doc[] {
  const subjects = [
    'tram line',
    'choir',
    'library',
    'rowing club',
    'chess café',
    'print shop',
    'ferry',
    'museum',
  ]
  const towns = ['Alsby', 'Brem', 'Corrin', 'Dunwell', 'Estry', 'Fallow', 'Gant', 'Hurle', 'Ixby', 'Jorvik']
  return Array.from({ length: count }, (_, i) => {
    const subject = subjects[i % subjects.length]!
    const town = towns[Math.floor(i / subjects.length) % towns.length]!
    return {
      id: `other-${i}`,
      title: `The ${subject} of ${town} (${i})`,
      text: `The ${subject} of ${town} was founded ${20 + (i % 70)} years ago by a group of neighbours. It meets every week in the old town hall, and newcomers are welcome to join after a short introduction. Its members publish a newsletter about their ${subject} every season.`,
    }
  })
}

const cat = "What is the name of the lighthouse keeper's cat at Varrow Point?"

describe('relevance does not depend on the size of the knowledge base', () => {
  for (const size of [1, 3, 10, 100, 1000]) {
    it(`finds the fact among ${size} document${size === 1 ? '' : 's'}, and declines what none holds`, () => {
      const index = indexOf([LIGHTHOUSE, ...otherDocs(size - 1)])
      expect(retrieve(index, cat, []).sources[0]?.chunk.documentId).toBe('varrow')
      expect(retrieve(index, 'How many hives are in the apiary?', []).sources[0]?.chunk.documentId).toBe(
        'varrow',
      )
      expect(retrieve(index, 'What is the capital of Peru?', []).sources).toEqual([])
      expect(retrieve(index, 'How long is the Amazon river?', []).sources).toEqual([])
    })
  }

  it('answers from a knowledge base of one short chunk', () => {
    const index = indexOf([{ id: 'one', title: 'Note', text: 'Our shop closes on Mondays.' }])
    expect(
      retrieve(index, 'Which day is the shop closed?', []).sources.map((s) => s.chunk.documentId),
    ).toEqual(['one'])
    expect(retrieve(index, 'Do you sell train tickets?', []).sources).toEqual([])
  })
})

const MATERIAL = indexOf([
  LIGHTHOUSE,
  {
    id: 'camera',
    title: 'My kit',
    text: 'I use a Fujifilm X-T4 camera with a 23 mm lens for everything, and I edit in Capture One.',
  },
  {
    id: 'refunds',
    title: CREATOR_ANSWER_TITLE,
    text: revisionText({
      cloneName: 'Mara Quill',
      question: 'Do you offer refunds on the online course?',
      idealResponse: 'Yes: within 30 days of buying it, no questions asked.',
    }),
  },
  ...otherDocs(12),
])

describe('meaning, not only words', () => {
  const index = MATERIAL

  it('meets inflections: closed / closes', () => {
    expect(analyzerFor('English').stem('closed')).toBe(analyzerFor('English').stem('closes'))
    expect(retrieve(index, 'Which day is the bakery closed?', []).sources[0]?.chunk.documentId).toBe('varrow')
  })

  it('meets synonyms and paraphrases: money back / refund, which camera do you use / shoot', () => {
    expect(retrieve(index, 'Can I get my money back for the course?', []).sources[0]?.chunk.documentId).toBe(
      'refunds',
    )
    expect(retrieve(index, 'Which camera do you shoot with?', []).sources[0]?.chunk.documentId).toBe('camera')
  })

  it('declines an off-topic question that shares one word with the material in another sense', () => {
    expect(retrieve(index, 'What is the best lens for reading glasses?', []).sources).toEqual([])
    expect(retrieve(index, 'Who won the chess world championship in 1972?', []).sources).toEqual([])
  })
})

describe('the local composer answers the question asked', () => {
  const clone = { id: 'clone', name: 'Mara Quill', headline: null, toneFeedback: null }

  async function answer(index: KnowledgeIndex, question: string) {
    const local = new LocalAnswerer(0)
    const prepared = await new CloneBrain({ get: async () => index }, local, local).prepare(
      clone,
      question,
      [],
    )
    return { input: prepared.input, text: composeAnswer(prepared.input) }
  }

  it('leads with the sentence that holds the fact, cited', async () => {
    const index = indexOf([LIGHTHOUSE])
    const hives = await answer(index, 'How many hives are at the apiary?')
    expect(hives.text).toMatch(/^(\S+ ){0,6}?[^.]*forty-two hives[^.]* \[1\]\./)
    const closed = await answer(index, 'Which day is the bakery closed?')
    expect(closed.text).toContain('The village bakery closes on Mondays [1].')
    expect((await answer(index, cat)).text).toContain('Brisket Marlowe')
  })

  it('answers with the creator’s own answer to a question asked in other words', async () => {
    const refund = await answer(MATERIAL, 'Can I get my money back for the course?')
    expect(refund.input.sources[0]?.documentTitle).toBe(CREATOR_ANSWER_TITLE)
    expect(refund.text).toContain('Yes: within 30 days of buying it, no questions asked [1].')
  })

  it('declines off-topic questions with no citation', async () => {
    const index = indexOf([LIGHTHOUSE, ...otherDocs(20)])
    const peru = await answer(index, 'What is the capital of Peru?')
    expect(peru.input.intent).toBe('offTopic')
    expect(peru.text).not.toMatch(/\[\d+\]/)
  })
})

describe('the clone’s language', () => {
  it('stems Spanish and German words so their forms meet', () => {
    const es = analyzerFor('Spanish')
    expect(es.terms('las colmenas')).toEqual(es.terms('una colmena'))
    expect(es.words('¿Cuántas?')).toEqual(['cuantas'])
    expect(es.isStopWord('cuantas')).toBe(true)
    const de = analyzerFor('German')
    expect(de.terms('die Häuser')).toEqual(de.terms('das Haus'))
    expect(analyzerFor('de').code).toBe('de')
    expect(analyzerFor('Klingon').code).toBe('en')
  })

  it('answers a Spanish question from Spanish material, and a German one from German material', () => {
    const spanish = indexOf(
      [
        {
          id: 'colmenar',
          title: 'El colmenar',
          text: 'Tengo cuarenta y dos colmenas en la ladera detrás de la casa. La miel se vende en la tienda del pueblo.',
        },
        {
          id: 'taller',
          title: 'El taller',
          text: 'El taller abre los sábados por la mañana y cierra en agosto.',
        },
      ],
      'Spanish',
    )
    expect(retrieve(spanish, '¿Cuántas colmenas tienes?', []).sources[0]?.chunk.documentId).toBe('colmenar')
    expect(retrieve(spanish, '¿Cuál es la capital de Perú?', []).sources).toEqual([])
    const german = indexOf(
      [
        {
          id: 'kaese',
          title: 'Unsere Käserei',
          text: 'Wir machen jeden Sommer Bergkäse aus der Milch von achtundzwanzig Kühen. Der Hofladen hat dienstags geschlossen.',
        },
      ],
      'German',
    )
    expect(retrieve(german, 'Wann ist der Hofladen geschlossen?', []).sources[0]?.chunk.documentId).toBe(
      'kaese',
    )
    expect(retrieve(german, 'Wie hoch ist der Eiffelturm?', []).sources).toEqual([])
  })
})

describe('with a language model configured', () => {
  const clone = { id: 'clone', name: 'Mara Quill', headline: null, toneFeedback: null }
  const model: Answerer = {
    async *answer() {
      yield 'From the model.'
    },
  }

  it('hands a loosely related question to the model with its candidates and their relevance', async () => {
    const index = indexOf([LIGHTHOUSE, ...otherDocs(5)])
    const brain = new CloneBrain({ get: async () => index }, model, new LocalAnswerer(0))
    // The material names the keeper, not the question's 'vacation': below the local composer's threshold.
    const loose = await brain.prepare(clone, 'Where does the lighthouse keeper go on vacation?', [])
    expect(loose.answerer).toBe(model)
    expect(loose.input.sources[0]?.documentId).toBe('varrow')
    expect(loose.input.sources[0]?.relevance).toBeGreaterThan(0)
    const system = chatCompletionMessages(loose.input as AnswerInput)[0]!.content
    expect(system).toMatch(/Life at Varrow Point \(File, relevance (low|medium|high) \(0\.\d\d\)\)/)
    expect(system).toContain('Answer in the language the visitor writes in')

    // Nothing in the material relates to it: the clone declines without asking the model.
    const none = await brain.prepare(clone, 'What is the capital of Peru?', [])
    expect(none.input.intent).toBe('offTopic')
    expect(none.answerer).not.toBe(model)
  })
})
