import { LANGUAGES } from '../../contract'
import type { StudioVoices } from '../../contract/studio-clones'
import { espeakVoicesFor } from '../tts/espeak-voices'
import { languageCode } from '../tts/language'
import type { TextToSpeech } from '../tts/provider'

/*
 * The voices of the studio's 'Language and voice' (issue #16): eSpeak NG's catalogue on the embedded default,
 * any ElevenLabs voice id when ElevenLabs is configured (its voices are the creator's own, listed in their
 * ElevenLabs account).
 */

const ELEVENLABS_VOICE_ID = /^[A-Za-z0-9_-]{1,100}$/

const isElevenLabs = (tts: TextToSpeech) => tts.name === 'elevenlabs'

export function voicesOf(tts: TextToSpeech): StudioVoices {
  if (isElevenLabs(tts)) return { provider: 'elevenlabs', voices: [] }
  return { provider: 'espeak', voices: LANGUAGES.flatMap((l) => espeakVoicesFor(l.code)) }
}

/** Why this voice id cannot speak this language here, or null when it can. */
export function checkVoice(tts: TextToSpeech, voiceId: string, language: string): string | null {
  if (isElevenLabs(tts)) {
    return ELEVENLABS_VOICE_ID.test(voiceId) ? null : 'An ElevenLabs voice id has letters and digits only.'
  }
  return espeakVoicesFor(language).some((v) => v.id === voiceId)
    ? null
    : 'Choose one of the voices listed for the clone’s language.'
}

/** A short greeting in each product language: what the 'Preview voice' button plays. */
const SAMPLES: Record<string, string> = {
  ar: 'مرحبا، أنا نسختك الرقمية. اسألني أي شيء.',
  bg: 'Здравейте, аз съм вашият дигитален двойник. Попитайте ме каквото и да е.',
  zh: '你好，我是你的数字分身。你可以问我任何问题。',
  hr: 'Bok, ja sam tvoj digitalni klon. Pitaj me bilo što.',
  cs: 'Dobrý den, jsem váš digitální klon. Zeptejte se mě na cokoli.',
  da: 'Hej, jeg er din digitale klon. Spørg mig om hvad som helst.',
  nl: 'Hallo, ik ben je digitale kloon. Vraag me maar van alles.',
  en: 'Hello, I am your clone. Ask me anything.',
  fil: 'Kumusta, ako ang iyong digital na kopya. Magtanong ka ng kahit ano.',
  fi: 'Hei, olen digitaalinen kloonisi. Kysy minulta mitä tahansa.',
  fr: 'Bonjour, je suis votre clone. Posez-moi toutes vos questions.',
  de: 'Hallo, ich bin dein Klon. Frag mich, was du willst.',
  el: 'Γεια σας, είμαι ο ψηφιακός σας κλώνος. Ρωτήστε με ό,τι θέλετε.',
  hi: 'नमस्ते, मैं आपका डिजिटल क्लोन हूँ। मुझसे कुछ भी पूछिए।',
  hu: 'Szia, én vagyok a digitális klónod. Kérdezz bármit.',
  id: 'Halo, saya klon digital Anda. Tanyakan apa saja.',
  it: 'Ciao, sono il tuo clone digitale. Chiedimi qualsiasi cosa.',
  ja: 'こんにちは、私はあなたのデジタルクローンです。何でも聞いてください。',
  ko: '안녕하세요, 저는 당신의 디지털 클론입니다. 무엇이든 물어보세요.',
  ms: 'Helo, saya klon digital anda. Tanya saya apa sahaja.',
  no: 'Hei, jeg er din digitale klon. Spør meg om hva som helst.',
  pl: 'Cześć, jestem twoim cyfrowym klonem. Zapytaj mnie o cokolwiek.',
  pt: 'Olá, eu sou o seu clone digital. Pergunte-me o que quiser.',
  ro: 'Bună, sunt clona ta digitală. Întreabă-mă orice.',
  ru: 'Здравствуйте, я ваш цифровой двойник. Спрашивайте что угодно.',
  sk: 'Dobrý deň, som váš digitálny klon. Opýtajte sa ma na čokoľvek.',
  es: 'Hola, soy tu clon digital. Pregúntame lo que quieras.',
  sv: 'Hej, jag är din digitala klon. Fråga mig vad som helst.',
  ta: 'வணக்கம், நான் உங்கள் டிஜிட்டல் நகல். என்னிடம் எதையும் கேளுங்கள்.',
  tr: 'Merhaba, ben senin dijital klonunum. Bana istediğini sor.',
  uk: 'Вітаю, я ваш цифровий двійник. Питайте що завгодно.',
  vi: 'Xin chào, tôi là bản sao kỹ thuật số của bạn. Hãy hỏi tôi bất cứ điều gì.',
}

export const previewSentence = (language: string) => SAMPLES[languageCode(language)] ?? SAMPLES.en!
