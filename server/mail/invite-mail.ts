import { PRODUCT_NAME } from '../../contract'
import { INVITE_TTL_DAYS } from '../../contract/studio-run'
import type { MailMessage } from './mailer'

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!)

/** The invitation page's address on the product's public URL (renderer route /studio/invite/$token). */
export const inviteLink = (publicUrl: string, token: string) =>
  `${publicUrl.replace(/\/+$/, '')}/studio/invite/${encodeURIComponent(token)}`

/**
 * The contributor invitation (issue #16 'Run it'): who invites, to which clone, the link, and that the
 * invitee logs in with this very address to accept.
 */
export function contributorInviteMail(input: {
  to: string
  cloneName: string
  inviter: string
  link: string
}): MailMessage {
  const { to, cloneName, inviter, link } = input
  const subject = `${inviter} invited you to help run ${cloneName} on ${PRODUCT_NAME}`
  const text = [
    `${inviter} invited you to join the team of ${cloneName} on ${PRODUCT_NAME} as a contributor.`,
    '',
    `Accept the invitation: ${link}`,
    '',
    `Log in with this address (${to}) to accept. The link works for ${INVITE_TTL_DAYS} days. If you did not expect it, ignore this e-mail.`,
  ].join('\n')
  const html = `<p>${escapeHtml(inviter)} invited you to join the team of <strong>${escapeHtml(cloneName)}</strong> on ${escapeHtml(PRODUCT_NAME)} as a contributor.</p><p><a href="${escapeHtml(link)}">Accept the invitation</a></p><p>Log in with this address (${escapeHtml(to)}) to accept. The link works for ${INVITE_TTL_DAYS} days. If you did not expect it, ignore this e-mail.</p>`
  return { to, subject, text, html }
}
