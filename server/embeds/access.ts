import type { FastifyRequest } from 'fastify'
import type { StudioRole } from '../../contract/studio-clones'
import { requireUser } from '../auth/identity'
import type { UserRow } from '../auth/sessions'
import { type CloneRow, findCloneBySlug } from '../clones/queries'
import { relationshipOf } from '../clones/relationships'
import type { Db } from '../db/client'
import { notFound } from '../errors'

/**
 * The creator's embed and lead pages (issue #14): the clone's CREATOR may change its configurations; its
 * CREATOR and CONTRIBUTORs may read them and its leads. Signed out is 401; anyone else, another clone's
 * creator included, gets the same 404 as for a clone that does not exist, so nothing says the page is there.
 * The caller's role comes with the clone (the studio's settings page shows it).
 */
export async function requireCloneTeam(
  db: Db,
  request: FastifyRequest,
  slug: string,
  access: 'read' | 'write',
): Promise<{ user: UserRow; clone: CloneRow; role: StudioRole }> {
  const user = requireUser(request)
  const clone = await findCloneBySlug(db, slug)
  const relationship = clone ? await relationshipOf(db, user.id, clone.id) : null
  const allowed = relationship === 'CREATOR' || (access === 'read' && relationship === 'CONTRIBUTOR')
  if (!clone || !allowed) throw notFound('Not found')
  return { user, clone, role: relationship }
}
