/**
 * What kind of fact a question asks for (issue #23: 'the sentence that holds the fact leads'): 'How many hives?'
 * wants a number, 'Which day are you closed?' a day or time, 'What is the cat called?' a name. The composer
 * prefers the sentence that holds that kind of thing. English, Spanish and German question words; other
 * languages rank sentences by what they share with the question alone.
 */
export type AnswerType = 'number' | 'time' | 'name' | 'place' | 'price'

const ASKS: [AnswerType, RegExp][] = [
  ['number', /\b(how (much|many) (time|hours?|minutes?|days?|weeks?|people|of)|how long)\b/iu],
  [
    'price',
    /\b(how much|cost|costs|price|prices|fee|fees|charge|pay|cu[aá]nto cuesta|precio|kosten|kostet|preis|geb[uü]hr)\b/iu,
  ],
  [
    'number',
    /\b(how (many|much|long|far|tall|high|big|old|often|heavy|deep|wide)|what (age|size|number|percentage)|cu[aá]nt[oa]s?|wie (viele?|lange?|weit|hoch|gro[sß]|alt|oft|schwer|tief))\b/iu,
  ],
  [
    'time',
    /\b(when|what time|which (day|days|month|months|year|season)|what (day|days|month|year|season|hours)|how (late|early|soon)|opening hours|open|closed?|cu[aá]ndo|qu[eé] (hora|d[ií]a|mes)|wann|welche[mnr]? (tag|monat|uhrzeit)|um wie viel uhr|ge[oö]ffnet|geschlossen)\b/iu,
  ],
  ['name', /\b(who|whose|name|named|called|qui[eé]n|c[oó]mo se llama|nombre|wer|wie hei[sß]t|namen?)\b/iu],
  ['place', /\b(where|whereabouts|d[oó]nde|wo|wohin|woher)\b/iu],
]

const NUMBER_WORDS =
  'one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|thirteen|fourteen|fifteen|sixteen|seventeen|eighteen|nineteen|twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety|hundred|thousand|million|dozen|half|once|twice|' +
  'uno|una|dos|tres|cuatro|cinco|seis|siete|ocho|nueve|diez|once|doce|quince|veinte|treinta|cuarenta|cincuenta|cien|ciento|mil|media|' +
  'eins|ein|eine|zwei|drei|vier|f[uü]nf|sechs|sieben|acht|neun|zehn|elf|zw[oö]lf|zwanzig|drei[sß]ig|vierzig|f[uü]nfzig|hundert|tausend|halb|einmal|zweimal'
const NUMBER = new RegExp(`\\d|\\b(${NUMBER_WORDS})\\b`, 'iu')
/** Clock times ('6.30 pm', '10:00', '7am') and years ('2011'). */
const CLOCK = String.raw`\b\d{1,2}([:.]\d{2})?\s?(am|pm|h|uhr)\b|\b\d{1,2}[:.]\d{2}\b|\b(1[5-9]|20)\d{2}\b`
const TIME = new RegExp(
  `${CLOCK}|\\b(${[
    'monday|tuesday|wednesday|thursday|friday|saturday|sunday|mondays|tuesdays|wednesdays|thursdays|fridays|saturdays|sundays|weekend|weekends|weekday|weekdays|daily|weekly|nightly|morning|mornings|afternoon|afternoons|evening|evenings|night|nights|noon|midday|midnight|dawn|dusk|sunrise|sunset|january|february|march|april|may|june|july|august|september|october|november|december|spring|summer|autumn|winter|o.clock|christmas|easter|tomorrow|tonight|today|yesterday',
    'lunes|martes|mi[eé]rcoles|jueves|viernes|s[aá]bados?|domingos?|ma[nñ]ana|tarde|noche|mediod[ií]a|enero|febrero|marzo|abril|mayo|junio|julio|agosto|septiembre|octubre|noviembre|diciembre|primavera|verano|oto[nñ]o|invierno',
    'montags?|dienstags?|mittwochs?|donnerstags?|freitags?|samstags?|sonntags?|wochenende|morgens?|vormittags?|nachmittags?|abends?|nachts?|mittags?|januar|februar|m[aä]rz|mai|juni|juli|oktober|dezember|fr[uü]hling|sommer|herbst|uhr',
  ].join('|')})\\b`,
  'iu',
)
const PRICE = /[$€£¥₹]|\d|\b(free|euros?|dollars?|pounds?|cents?|gratis|gratuito|kostenlos|franken)\b/iu
/** A capitalised word after the first: a name, in languages that capitalise names. */
const NAMED = /(?<=\S\s+)(\p{Lu}\p{Ll}+|\p{Lu}{2,})/u
const PLACE =
  /(?<=\S\s+)\p{Lu}\p{Ll}+|\b(in|at|near|behind|beside|next to|opposite|en|cerca|junto|im|am|neben|bei|hinter)\b/iu

/** The kind of fact the question asks for, or null when it asks for an explanation. */
export function answerTypeOf(question: string): AnswerType | null {
  for (const [type, pattern] of ASKS) if (pattern.test(question)) return type
  return null
}

/** Whether a sentence holds the kind of fact asked for. */
export function holdsAnswerType(sentence: string, type: AnswerType): boolean {
  switch (type) {
    case 'number':
      return NUMBER.test(sentence)
    case 'time':
      return TIME.test(sentence)
    case 'price':
      return PRICE.test(sentence)
    case 'name':
      return NAMED.test(sentence)
    case 'place':
      return PLACE.test(sentence)
  }
}
