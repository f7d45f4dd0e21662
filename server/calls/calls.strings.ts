import { defineStrings, msg } from '../../contract/i18n'

/**
 * What a call's clone says of its own, spoken in the call's language (issue #25): the first words of a Vapi
 * call and of a Tavus video call. Read with `callTexts(language)` (call-language.ts). {name} is the clone's
 * name.
 */
export const callsStrings = defineStrings('server.calls', {
  greeting: msg('Hi, this is {name}. What would you like to talk about?', 'name'),
  // {question}: the suggested question the visitor picked to open the call, as written.
  greetingWithQuestion: msg('Hi, this is {name}. You wanted to ask: {question}', 'name', 'question'),
  // Said by a voice call's clone after 30 s without a word from the visitor (spec 2 §9 idle messages).
  stillThere: 'Are you still there?',
})
