import { PRODUCT_NAME } from '../../contract'
import { DEFAULT_LANGUAGE_CODE } from '../../contract/languages'
import { escapeHtml } from '../web/html'
import { mailHtml, mailTextsIn } from './mail.strings'
import type { MailMessage } from './mailer'

/**
 * The sign-in code mail, in `language` (the requester's: requestLanguage). A white-labelled embed (spec 1
 * §7 'Send sign-in code') gets the same mail without the product's name.
 */
export function signInCodeMail(
  to: string,
  code: string,
  {
    whitelabel = false,
    validMinutes,
    language = DEFAULT_LANGUAGE_CODE,
  }: { whitelabel?: boolean; validMinutes: number; language?: string },
): MailMessage {
  const t = mailTextsIn(language).signIn
  const subject = whitelabel ? t.subjectWhitelabel(code) : t.subject(PRODUCT_NAME, code)
  const validity = t.validity(validMinutes)
  const text = [whitelabel ? t.codeIsWhitelabel(code) : t.codeIs(PRODUCT_NAME, code), '', validity].join('\n')
  const codeFollows = whitelabel ? t.codeFollowsWhitelabel : t.codeFollows(PRODUCT_NAME)
  const html = mailHtml(
    language,
    `<p>${escapeHtml(codeFollows)}</p><p style="font-size:28px;font-weight:700;letter-spacing:6px">${escapeHtml(code)}</p><p>${escapeHtml(validity)}</p>`,
  )
  return { to, subject, text, html }
}
