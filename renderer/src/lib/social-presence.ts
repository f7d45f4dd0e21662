import type { Socials } from '../../../contract/clone'

/**
 * spec 1 §2: View Links appears only if at least one social entry is non-empty, that is when socialLinks
 * (./socials.ts) lists anything: it lists one link per non-blank value. Apart from it so the profile's first
 * load carries this test, not the link rules (those load with the dialog, npm run bench:size).
 */
export const hasSocialLinks = (s: Socials): boolean =>
  [s.instagram, s.linkedin, s.twitter, s.facebook, s.youtube, s.website, s.extras].some((value) =>
    (Array.isArray(value) ? value : value == null ? [] : [value]).some((v) => v.trim() !== ''),
  )
