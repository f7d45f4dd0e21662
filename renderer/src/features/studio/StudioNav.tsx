import './studio.css'
import { Link } from '@tanstack/react-router'
import { isCloneCreator } from '../../lib/clone-team'
import { useCurrentUser } from '../auth'
import { studioStrings } from './studio.strings'
import { STUDIO_PAGES, type StudioPageId } from './studio-pages'

/**
 * The studio's navigation between one clone's pages (issue #16): a row of links that scrolls sideways on a
 * phone, the current page marked for assistive technology. Contributors do not see the creator-only pages.
 */
export function StudioNav({ slug, current }: Readonly<{ slug: string; current: StudioPageId }>) {
  const creator = isCloneCreator(slug, useCurrentUser().relationships)
  const pages = STUDIO_PAGES.filter((p) => creator || !p.creatorOnly)
  return (
    <nav className="studio-nav" aria-label={studioStrings.nav.label}>
      <ul>
        {pages.map((page) => (
          <li key={page.id}>
            <Link to={page.to} params={{ slug }} aria-current={page.id === current ? 'page' : undefined}>
              {studioStrings.nav[page.id]}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  )
}
