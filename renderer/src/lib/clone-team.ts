import type { Relationship } from '../../../contract/auth'

/** The relationships /api/me lists: which clones the user is the CREATOR or a CONTRIBUTOR of. */
export type Relationships = readonly Pick<Relationship, 'cloneSlug' | 'type'>[]

/** spec 1 §6: the creator and the contributors are a clone's team (admin and collab). */
export const isTeamRole = (type: Relationship['type']) => type === 'CREATOR' || type === 'CONTRIBUTOR'

/** The user is on this clone's team: its creator pages (leads, embeds, suggested questions) are theirs. */
export const isCloneTeam = (slug: string, relationships: Relationships) =>
  relationships.some((r) => r.cloneSlug === slug && isTeamRole(r.type))

/** The user is this clone's creator (the owner; only they change its embeds). */
export const isCloneCreator = (slug: string, relationships: Relationships) =>
  relationships.some((r) => r.cloneSlug === slug && r.type === 'CREATOR')
