import { PRODUCT_NAME } from '../../contract'
import type { MailMessage } from './mailer'

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!)

/**
 * The sign-in code mail. A white-labelled embed (spec 1 §7 'Send sign-in code') gets the same mail
 * without the product's name.
 */
export function signInCodeMail(
  to: string,
  code: string,
  { whitelabel = false, validMinutes }: { whitelabel?: boolean; validMinutes: number },
): MailMessage {
  const brand = whitelabel ? '' : `${PRODUCT_NAME} `
  const subject = `Your ${brand}sign-in code: ${code}`
  const text = [
    `Your ${brand}sign-in code is ${code}.`,
    '',
    `It works once and expires in ${validMinutes} minutes. If you did not ask for it, ignore this e-mail.`,
  ].join('\n')
  const html = `<p>Your ${escapeHtml(brand)}sign-in code is</p><p style="font-size:28px;font-weight:700;letter-spacing:6px">${escapeHtml(code)}</p><p>It works once and expires in ${validMinutes} minutes. If you did not ask for it, ignore this e-mail.</p>`
  return { to, subject, text, html }
}
