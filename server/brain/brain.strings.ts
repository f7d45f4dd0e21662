import { defineStrings, msg } from '../../contract/i18n'

/**
 * Every fixed line the local composer writes around the clone's own material (issue #25): small talk, the
 * honest 'not in my material', openings and closings. Read in the answer's language with
 * `stringsIn<typeof brainStrings>('server.brain', language)` (server/brain/answer-language.ts); the quoted
 * material stays as written. {topics} is a list of subjects from the clone's document titles, already
 * joined in the answer's language ('sleep, naps and caffeine').
 */
export const brainStrings = defineStrings('server.brain', {
  // Small talk ('hi', 'thanks', 'bye'): {name} is the clone's first name.
  hello: msg(
    'Hi! I’m {name}. Ask me anything about {topics}, and I’ll answer from my own material.',
    'name',
    'topics',
  ),
  helloWithoutTopics: msg(
    'Hi! I’m {name}. Ask me anything about anything in my material, and I’ll answer from my own material.',
    'name',
  ),
  thanks: msg('You’re welcome! If anything else comes up about {topics}, just ask.', 'topics'),
  thanksWithoutTopics: 'You’re welcome! If anything else comes up about anything in my material, just ask.',
  goodbye: 'Take care, and come back any time you have another question.',
  // spec 1 §5: nothing in the material on the question, so no guessing and no citations.
  offTopic: 'I don’t have anything on that in my own material, so I’d rather not guess.',
  offTopicWithTopics: msg(
    'I don’t have anything on that in my own material, so I’d rather not guess. I can help with things like {topics}.',
    'topics',
  ),
  // A warm clone opens its answer with one of these (picked by the question, so answers are reproducible).
  openings: {
    goodQuestion: 'Good question.',
    howILookAtIt: 'Here’s how I look at it.',
    happyToHelp: 'Happy to help with that.',
    whatIdTellYou: 'Here’s what I’d tell you.',
  },
  // Closing lines the creator's tone notes ask for.
  clinicianNote:
    'This is general education, not medical advice: if something here sounds like a health problem, please check with a clinician.',
  suggestionForSeveral: 'My suggestion: pick one of these to try this week and notice how it feels.',
  suggestionForOne: 'My suggestion: try it for a week and notice how it feels.',
  // An attached file that could not be read: {file} is its name, {reason} why (as the reader said it).
  fileNotRead: msg('I couldn’t read {file}: {reason}', 'file', 'reason'),
  fileNotReadReason: 'it could not be read',
  // Said once per conversation, before the first answer quoting material written in another language than
  // the answer's: {material} is that language's name ('English', 'inglés').
  materialLanguage: msg('My material is in {material}, so I answer from it as written.', 'material'),
})
