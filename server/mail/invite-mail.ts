import { PRODUCT_NAME } from '../../contract'
import { INVITE_TTL_DAYS } from '../../contract/studio-run'
import { escapeHtml } from '../web/html'
import { mailHtml, mailTextsIn, messageHtml } from './mail.strings'
import type { MailMessage } from './mailer'

/** The invitation page's address on the product's public URL (renderer route /studio/invite/$token). */
export const inviteLink = (publicUrl: string, token: string) =>
  `${publicUrl.replace(/\/+$/, '')}/studio/invite/${encodeURIComponent(token)}`

/**
 * The contributor invitation (issue #16 'Run it'): who invites, to which clone, the link, and that the
 * invitee logs in with this very address to accept. Written in `language`, the inviter's request's.
 */
export function contributorInviteMail(input: {
  to: string
  cloneName: string
  inviter: string
  link: string
  language: string
}): MailMessage {
  const { to, cloneName, inviter, link, language } = input
  const t = mailTextsIn(language).invite
  const subject = t.subject(inviter, cloneName, PRODUCT_NAME)
  const text = [
    t.body(inviter, cloneName, PRODUCT_NAME),
    '',
    t.acceptAt(link),
    '',
    t.logIn(to, INVITE_TTL_DAYS),
  ].join('\n')
  const body = messageHtml(
    {
      inviter: escapeHtml(inviter),
      cloneName: `<strong>${escapeHtml(cloneName)}</strong>`,
      product: escapeHtml(PRODUCT_NAME),
    },
    (v) => t.body(v.inviter, v.cloneName, v.product),
  )
  const html = mailHtml(
    language,
    `<p>${body}</p><p><a href="${escapeHtml(link)}">${escapeHtml(t.accept)}</a></p><p>${escapeHtml(t.logIn(to, INVITE_TTL_DAYS))}</p>`,
  )
  return { to, subject, text, html }
}
