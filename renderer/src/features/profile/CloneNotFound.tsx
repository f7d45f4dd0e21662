import { Button } from '@radix-ui/themes'
import { Link } from '@tanstack/react-router'
import { SearchIcon } from '../../ui/icons'
import { StatusPanel } from '../../ui/StatusPanel'
import { useDocumentTitle } from '../../ui/use-document-title'
import { profileStrings } from './profile.strings'

/** A 404 from the API for the slug (or instance) in the address. */
export function CloneNotFound() {
  useDocumentTitle(profileStrings.notFoundTitle)
  return (
    <StatusPanel
      icon={<SearchIcon size={32} />}
      title={profileStrings.notFoundTitle}
      actions={
        <Button asChild size="3">
          <Link to="/explore">{profileStrings.exploreClones}</Link>
        </Button>
      }
    >
      {profileStrings.notFoundText}
    </StatusPanel>
  )
}

export function CloneLoadFailed({
  detail,
  onRetry,
}: Readonly<{ detail: string | null; onRetry: () => void }>) {
  useDocumentTitle(profileStrings.loadFailedTitle)
  return (
    <StatusPanel
      title={profileStrings.loadFailedTitle}
      actions={
        <>
          <Button size="3" onClick={onRetry}>
            {profileStrings.retry}
          </Button>
          <Button asChild size="3" variant="soft">
            <Link to="/explore">{profileStrings.exploreClones}</Link>
          </Button>
        </>
      }
    >
      <p>{profileStrings.loadFailedText}</p>
      {detail ? <p className="status-panel__detail">{detail}</p> : null}
    </StatusPanel>
  )
}
