/** spec 1 §2: '/memberships/{instanceSlug@cloneSlug or cloneSlug}'. */
export const parseMembershipTarget = (target: string): { slug: string; instanceSlug: string | null } => {
  const at = target.indexOf('@')
  if (at <= 0 || at === target.length - 1) return { slug: target, instanceSlug: null }
  return { slug: target.slice(at + 1), instanceSlug: target.slice(0, at) }
}

export const membershipTarget = (slug: string, instanceSlug?: string | null): string =>
  instanceSlug ? `${instanceSlug}@${slug}` : slug
