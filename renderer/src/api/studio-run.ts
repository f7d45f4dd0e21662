import { queryOptions } from '@tanstack/react-query'
import { OkResponse } from '../../../contract/auth'
import {
  AcceptedInvitation,
  InvitationView,
  type MembershipInput,
  type MembershipPatch,
  PendingInvite,
  StudioMembership,
  StudioMembershipList,
  StudioMonetization,
  type StudioMonetizationPatch,
  StudioTeam,
} from '../../../contract/studio-run'
import { apiRequest } from './client'

/*
 * Running a clone in the studio (issue #16 'Run it'): memberships, monetization, the team and invitations.
 * contract/studio-run.ts stays out of the first load: only the studio's lazy chunks import this module.
 */

const enc = encodeURIComponent
const studio = (slug: string, rest: string) => `/api/studio/${enc(slug)}/${rest}`

export const studioMembershipsQuery = (slug: string) =>
  queryOptions({
    queryKey: ['studio-memberships', slug] as const,
    queryFn: ({ signal }) =>
      apiRequest({ path: studio(slug, 'memberships'), schema: StudioMembershipList, signal }),
  })

export const createStudioMembership = (slug: string, body: MembershipInput) =>
  apiRequest({ path: studio(slug, 'memberships'), method: 'POST', schema: StudioMembership, body })

export const updateStudioMembership = (slug: string, id: string, body: MembershipPatch) =>
  apiRequest({
    path: studio(slug, `memberships/${enc(id)}`),
    method: 'PATCH',
    schema: StudioMembership,
    body,
  })

export const deleteStudioMembership = (slug: string, id: string) =>
  apiRequest({ path: studio(slug, `memberships/${enc(id)}`), method: 'DELETE', schema: OkResponse })

export const reorderStudioMemberships = (slug: string, ids: readonly string[]) =>
  apiRequest({
    path: studio(slug, 'memberships/order'),
    method: 'PUT',
    schema: StudioMembershipList,
    body: { ids },
  })

export const studioMonetizationQuery = (slug: string) =>
  queryOptions({
    queryKey: ['studio-monetization', slug] as const,
    queryFn: ({ signal }) =>
      apiRequest({ path: studio(slug, 'monetization'), schema: StudioMonetization, signal }),
  })

export const updateStudioMonetization = (slug: string, body: StudioMonetizationPatch) =>
  apiRequest({ path: studio(slug, 'monetization'), method: 'PATCH', schema: StudioMonetization, body })

export const studioTeamQuery = (slug: string) =>
  queryOptions({
    queryKey: ['studio-team', slug] as const,
    queryFn: ({ signal }) => apiRequest({ path: studio(slug, 'team'), schema: StudioTeam, signal }),
  })

export const inviteContributor = (slug: string, email: string) =>
  apiRequest({ path: studio(slug, 'invites'), method: 'POST', schema: PendingInvite, body: { email } })

export const revokeInvitation = (slug: string, id: string) =>
  apiRequest({ path: studio(slug, `invites/${enc(id)}`), method: 'DELETE', schema: OkResponse })

export const removeContributor = (slug: string, userId: string) =>
  apiRequest({ path: studio(slug, `contributors/${enc(userId)}`), method: 'DELETE', schema: OkResponse })

export const invitationQuery = (token: string) =>
  queryOptions({
    queryKey: ['studio-invitation', token] as const,
    queryFn: ({ signal }) =>
      apiRequest({ path: `/api/studio/invites/${enc(token)}`, schema: InvitationView, signal }),
    retry: false,
  })

export const acceptInvitation = (token: string) =>
  apiRequest({ path: `/api/studio/invites/${enc(token)}/accept`, method: 'POST', schema: AcceptedInvitation })
