import { brainTexts } from './answer-language'
import { words } from './terms'
import { listInWords } from './topics'

export type SmallTalk = 'hello' | 'thanks' | 'goodbye'

const HELLO = new Set([
  'hi',
  'hello',
  'hey',
  'hiya',
  'howdy',
  'greetings',
  'yo',
  'morning',
  'evening',
  'afternoon',
])
const THANKS = new Set([
  'thanks',
  'thank',
  'thx',
  'ty',
  'cheers',
  'appreciated',
  'appreciate',
  'great',
  'awesome',
])
const GOODBYE = new Set(['bye', 'goodbye', 'later', 'night', 'goodnight', 'cya'])
/** Words that may come with a greeting without making it a question ('hi there', 'thanks so much'). */
const FILLER = new Set([
  'there',
  'again',
  'all',
  'everyone',
  'so',
  'much',
  'very',
  'you',
  'a',
  'lot',
  'good',
  'dr',
  'chef',
  'oh',
  'ok',
  'okay',
  'that',
  'was',
  'its',
  'it',
  'helpful',
  'nice',
  'see',
  'for',
  'the',
  'help',
  'now',
])

/**
 * Whether a message is only small talk ('hi', 'hello Lena!', 'thanks so much'), and which kind.
 * Anything with a word beyond greetings, fillers and the clone's own name is a real question.
 */
export function smallTalkOf(message: string, cloneName: string): SmallTalk | null {
  const all = words(message)
  if (all.length === 0 || all.length > 8) return null
  const name = new Set(words(cloneName))
  let kind: SmallTalk | null = null
  for (const word of all) {
    if (HELLO.has(word)) kind ??= 'hello'
    else if (THANKS.has(word)) kind = 'thanks'
    else if (GOODBYE.has(word)) kind = kind === 'thanks' ? kind : 'goodbye'
    else if (!FILLER.has(word) && !name.has(word)) return null
  }
  return kind
}

/** 'Dr. Lena Hart' -> 'Lena', 'Chef Tomás Rivera' -> 'Tomás'. */
export function firstName(name: string): string {
  const parts = name.split(/\s+/).filter((p) => !/^(dr|chef|prof|mr|mrs|ms|mx|sir)\.?$/i.test(p))
  return parts[0] ?? name
}

/** The short, friendly reply to small talk, in the clone's voice, without sources, in `language`. */
export function smallTalkReply(
  kind: SmallTalk,
  cloneName: string,
  topics: readonly string[],
  language = 'en',
): string {
  const texts = brainTexts(language)
  const about = topics.length > 0 ? listInWords(topicsToName(topics), language) : null
  switch (kind) {
    case 'hello':
      return about ? texts.hello(firstName(cloneName), about) : texts.helloWithoutTopics(firstName(cloneName))
    case 'thanks':
      return about ? texts.thanks(about) : texts.thanksWithoutTopics
    case 'goodbye':
      return texts.goodbye
  }
}

/** spec 1 §5 (the brief's wording): no source above the threshold means no guessing and no citations. */
export const OFF_TOPIC_OPENING = 'I don’t have anything on that in my own material, so I’d rather not guess.'

/** The honest 'not in my material' in `language`, pointing to a few subjects the clone does cover. */
export function offTopicReply(topics: readonly string[], language = 'en'): string {
  const texts = brainTexts(language)
  if (topics.length === 0) return texts.offTopic
  return texts.offTopicWithTopics(listInWords(topicsToName(topics), language))
}

/** Three topics, preferring those without their own 'and'/'or', which would blur the list. */
export function topicsToName(topics: readonly string[]): string[] {
  const plain = topics.filter((t) => !/\b(and|or)\b/.test(t))
  const rest = topics.filter((t) => !plain.includes(t))
  return [...plain, ...rest].slice(0, 3)
}
