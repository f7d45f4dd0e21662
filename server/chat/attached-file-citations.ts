import type { CitationType } from '../../contract'

/*
 * Issue #15: an attached file cited as a source carries the file's own address, which is its bearer secret
 * (server/uploads/uploads.ts fileUrl). Only the conversation's owner is shown it; a shared view, its copies
 * and anyone else see the share-scoped address of the file (chat/sharing.ts sharedFileUrl) or no link.
 */

const OWN_FILE_PATH = '/api/uploads/files/'

/** Whether a citation is of a file attached to a message (its url is the upload's own address). */
export const isAttachedFileCitation = (citation: { type: CitationType; url: string | null }) =>
  citation.type === 'File' && (citation.url?.startsWith(OWN_FILE_PATH) ?? false)

/**
 * The citations with each attached file's own address replaced by the one given for it (`shownAs`, from own
 * address to share-scoped address), or by none.
 */
export function withoutOwnFileUrls<T extends { type: CitationType; url: string | null }>(
  citations: readonly T[],
  shownAs: ReadonlyMap<string, string> = new Map(),
): T[] {
  return citations.map((citation) =>
    isAttachedFileCitation(citation) ? { ...citation, url: shownAs.get(citation.url!) ?? null } : citation,
  )
}
