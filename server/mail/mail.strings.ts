import { defineStrings, msg, stringsIn } from '../../contract/i18n'
import { DEFAULT_LANGUAGE_CODE, isRightToLeft } from '../../contract/languages'
import { readyLanguage } from '../i18n'
import { escapeHtml } from '../web/html'

/**
 * The mails the server sends (issue #25), written in the language of the request that asked for them
 * (requestLanguage, server/i18n.ts). {product} is the product's name (PRODUCT_NAME, contract/product.ts).
 * A white-labelled embed's sign-in mail (spec 1 §7 'Send sign-in code') leaves the product's name out: its
 * texts come twice, with and without it.
 */
export const mailStrings = defineStrings('server.mail', {
  signIn: {
    // {code} is the six-digit sign-in code.
    subject: msg('Your {product} sign-in code: {code}', 'product', 'code'),
    subjectWhitelabel: msg('Your sign-in code: {code}', 'code'),
    codeIs: msg('Your {product} sign-in code is {code}.', 'product', 'code'),
    codeIsWhitelabel: msg('Your sign-in code is {code}.', 'code'),
    // The HTML mail: the code follows in large type on its own line.
    codeFollows: msg('Your {product} sign-in code is', 'product'),
    codeFollowsWhitelabel: 'Your sign-in code is',
    validity: msg(
      'It works once and expires in {minutes, plural, one {# minute} other {# minutes}}. If you did not ask for it, ignore this e-mail.',
      'minutes',
    ),
  },
  // The contributor invitation (issue #16 'Run it'): {inviter} is the inviter's name or address,
  // {cloneName} the clone's name.
  invite: {
    subject: msg(
      '{inviter} invited you to help run {cloneName} on {product}',
      'inviter',
      'cloneName',
      'product',
    ),
    body: msg(
      '{inviter} invited you to join the team of {cloneName} on {product} as a contributor.',
      'inviter',
      'cloneName',
      'product',
    ),
    // The plain-text mail: {link} is the invitation's address.
    acceptAt: msg('Accept the invitation: {link}', 'link'),
    // The HTML mail's link.
    accept: 'Accept the invitation',
    // {email} is the invited address.
    logIn: msg(
      'Log in with this address ({email}) to accept. The link works for {days, plural, one {# day} other {# days}}. If you did not expect it, ignore this e-mail.',
      'email',
      'days',
    ),
  },
})

/** The mails' texts in `language` (English where its catalog lacks them). */
export const mailTextsIn = (language: string = DEFAULT_LANGUAGE_CODE) =>
  stringsIn<typeof mailStrings>('server.mail', readyLanguage(language))

/** A mail's HTML body, wrapped in an element that names its language and direction. */
export const mailHtml = (language: string, body: string): string =>
  `<div lang="${escapeHtml(language)}" dir="${isRightToLeft(language) ? 'rtl' : 'ltr'}">${body}</div>`

/**
 * A message as HTML: its translated text escaped, and the values given in `html` (already HTML, e.g. a
 * name in <strong>) put in where the message places them. `render` formats the message with the marks it
 * is handed in their stead.
 */
export function messageHtml<K extends string>(
  html: Readonly<Record<K, string>>,
  render: (marks: Readonly<Record<K, string>>) => string,
): string {
  const keys = Object.keys(html) as K[]
  const marks = Object.fromEntries(keys.map((key, i) => [key, `\uE000${i}\uE000`])) as Record<K, string>
  return escapeHtml(render(marks)).replace(/\uE000(\d+)\uE000/g, (_, i: string) => html[keys[Number(i)]!])
}
