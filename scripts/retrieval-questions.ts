/**
 * The labelled questions `npm run bench:retrieval` scores retrieval on: each seed clone's suggested
 * questions, the questions the API tests ask, and further questions in a visitor's words (not the sources'
 * titles), each with the seed documents (by key, server/seed/data) that answer it, read from their text.
 * A question several documents answer lists them all; any of them counts as a hit. Questions no document
 * of the clone answers (another clone's subject, or nobody's) expect no source at all.
 */
export interface LabelledQuestion {
  clone: 'lena-hart' | 'tomas-rivera'
  question: string
  /** Document keys that answer it; empty: the clone should find nothing relevant and say so. */
  expected: readonly string[]
}

const lena = (question: string, ...expected: string[]): LabelledQuestion => ({
  clone: 'lena-hart',
  question,
  expected,
})
const tomas = (question: string, ...expected: string[]): LabelledQuestion => ({
  clone: 'tomas-rivera',
  question,
  expected,
})

export const LABELLED_QUESTIONS: readonly LabelledQuestion[] = [
  // Lena Hart's suggested questions.
  lena('How late in the day can I drink coffee without hurting my sleep?', 'lena-web-caffeine'),
  lena('Should athletes nap, and for how long?', 'lena-yt-naps'),
  lena('What is your jet lag protocol when flying east for a race?', 'lena-yt-jet-lag'),
  lena('How should I sleep during my marathon taper?', 'lena-pod-marathon-taper', 'lena-file-marathon-plan'),
  lena('How much melatonin should I take, and when?', 'lena-web-melatonin'),
  lena('What temperature should my bedroom be for sleep?', 'lena-web-bedroom-temperature'),
  lena('How accurate are sleep tracking wearables?', 'lena-yt-wearables'),
  lena('I can never sleep the night before a race. What should I do?', 'lena-file-pre-race-night'),
  // Asked by the API tests.
  lena('Is coffee at 6 pm too late for sleep?', 'lena-web-caffeine'),
  lena('How long should a nap be?', 'lena-yt-naps'),
  lena('Do you offer coaching?', 'lena-answer-coaching'),
  // In a visitor's words.
  lena('Is scrolling on my phone in bed really what keeps me awake?', 'lena-web-blue-light'),
  lena('Does a glass of wine help me fall asleep?', 'lena-web-alcohol'),
  lena('I work nights as a nurse. How do I get good sleep during the day?', 'lena-web-shift-work'),
  lena(
    'My teenage son stays up until 1 am and cannot get up for school. Is he just lazy?',
    'lena-web-teen-sleep',
  ),
  lena('Should I take magnesium supplements for sleep?', 'lena-web-magnesium'),
  lena('Can I make up for a short week by sleeping in on Saturday?', 'lena-web-weekend-catchup'),
  lena(
    'My partner snores loudly and seems to stop breathing at night. Should we worry?',
    'lena-web-snoring-apnea',
  ),
  lena('What does my heart rate variability number say about my recovery?', 'lena-yt-hrv'),
  lena('Why should I get outside right after waking up?', 'lena-yt-morning-light'),
  lena(
    'After big training weeks I sleep badly and my resting heart rate is up. Am I overtraining?',
    'lena-pod-overtraining',
  ),
  lena(
    'I am going to a training camp in the mountains. Why will I sleep worse up there?',
    'lena-pod-altitude',
  ),
  lena('What is CBT-I and can it help my insomnia?', 'lena-pod-cbti'),
  lena('Do you have a marathon training plan that includes sleep?', 'lena-file-marathon-plan'),
  lena('What should I do in the hour before bed to wind down?', 'lena-file-wind-down'),
  lena(
    'Should I sleep extra in the week before a race?',
    'lena-tw-sleep-banking',
    'lena-web-weekend-catchup',
    'lena-file-pre-race-night',
  ),
  lena('Does taping my mouth shut stop snoring?', 'lena-tw-mouth-taping'),
  lena('Is a hard workout late in the evening bad for sleep?', 'lena-tw-evening-workouts'),
  lena('Why does getting up at the same time every day matter so much?', 'lena-tw-wake-time'),
  lena('What does your own sleep routine look like?', 'lena-answer-routine'),
  lena('Can I do one-on-one sessions with you?', 'lena-answer-coaching'),
  lena('When should I have my last cup of coffee?', 'lena-web-caffeine'),
  lena('How do I get over jet lag after a long flight?', 'lena-yt-jet-lag'),
  // Tomás Rivera's suggested questions.
  tomas('How should I hold my knife and protect my fingers?', 'tomas-yt-knife-skills'),
  tomas('What hydration should I use for my first loaf of bread?', 'tomas-web-bread-hydration'),
  tomas('How do I make chicken stock that gels?', 'tomas-web-chicken-stock'),
  tomas('Why does my steak turn grey instead of getting a good sear?', 'tomas-yt-searing'),
  // Asked by the API tests.
  tomas('How do I make stock?', 'tomas-web-chicken-stock'),
  // In a visitor's words.
  tomas('When should I salt meat before cooking it?', 'tomas-web-salting', 'tomas-yt-searing'),
  tomas('How much salt goes in pasta water?', 'tomas-web-salting'),
  tomas('How do I make a quick sauce in the pan after frying chicken?', 'tomas-web-pan-sauce'),
  tomas('My rice always comes out mushy. What am I doing wrong?', 'tomas-web-rice'),
  tomas('My mayonnaise split into a greasy mess. Can I save it?', 'tomas-yt-emulsions'),
  tomas('How can I cook dinners for the whole week in one afternoon?', 'tomas-file-weeknight-plan'),
  tomas('What should I always keep in my pantry?', 'tomas-file-pantry'),
  tomas('How do I make a vinaigrette that does not separate?', 'tomas-yt-emulsions'),
  // Nothing in the clone's material answers these.
  lena('What is the capital of Peru?'),
  lena('How do I make chicken stock that gels?'),
  lena('Who won the football World Cup in 2018?'),
  lena('How do I fix a flat tyre on my bike?'),
  tomas('How much melatonin should I take, and when?'),
  tomas('What is the capital of Peru?'),
  tomas('How do I file my tax return?'),
  tomas('What is the best way to learn to program?'),
]
