import { Button, Spinner } from '@radix-ui/themes'
import { type ErrorComponentProps, Link, useRouter } from '@tanstack/react-router'
import { isApiError } from '../api/client'
import { AppHeader } from '../features/shell'
import { RefreshIcon, SearchIcon, WarningIcon } from '../ui/icons'
import { StatusPanel } from '../ui/StatusPanel'
import { useDocumentTitle } from '../ui/use-document-title'
import { appStrings as s } from './app.strings'

/** Shown while a route's code or data is loading for longer than the router's pending delay. */
export function RoutePending() {
  return (
    <output className="route-pending" aria-live="polite">
      <Spinner size="3" />
      <span className="visually-hidden">{s.loading}</span>
    </output>
  )
}

/** An address that matches no screen. */
export function RouteNotFound() {
  useDocumentTitle(s.notFound.title)
  return (
    <>
      <AppHeader />
      <main id="main" className="page">
        <StatusPanel
          icon={<SearchIcon size={32} />}
          title={s.notFound.title}
          actions={
            <Button asChild size="3">
              <Link to="/explore">{s.exploreClones}</Link>
            </Button>
          }
        >
          {s.notFound.text}
        </StatusPanel>
      </main>
    </>
  )
}

/** Any error thrown while loading or rendering a route: never a blank page. */
export function RouteError({ error, reset }: Readonly<ErrorComponentProps>) {
  const router = useRouter()
  useDocumentTitle(s.error.title)
  const detail = isApiError(error) || error instanceof Error ? error.message : null
  const retry = () => {
    reset()
    void router.invalidate()
  }
  return (
    <>
      <AppHeader />
      <main id="main" className="page">
        <StatusPanel
          icon={<WarningIcon size={32} />}
          title={s.error.title}
          actions={
            <>
              <Button size="3" onClick={retry}>
                <RefreshIcon />
                {s.retry}
              </Button>
              <Button asChild size="3" variant="soft">
                <Link to="/explore">{s.exploreClones}</Link>
              </Button>
            </>
          }
        >
          <p>{s.error.text}</p>
          {detail ? <p className="status-panel__detail">{detail}</p> : null}
        </StatusPanel>
      </main>
    </>
  )
}
