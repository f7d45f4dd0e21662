import { Badge, Button } from '@radix-ui/themes'
import { Link, type LinkOptions } from '@tanstack/react-router'
import { ArrowLeftIcon, SparklesIcon } from '../../ui/lazy-icons'
import { StatusPanel } from '../../ui/StatusPanel'
import { useDocumentTitle } from '../../ui/use-document-title'
import { AppHeader } from './AppHeader'

export interface ComingSoonProps {
  /** The feature's name, e.g. 'Voice call'. */
  feature: string
  /** One sentence about what will be there. */
  description: string
  /** Where to go instead: the clone's profile when there is one, otherwise /explore. */
  back: { label: string; link: LinkOptions }
}

/** The designed state of a screen that is declared in the router but not built yet. */
export function ComingSoon({ feature, description, back }: Readonly<ComingSoonProps>) {
  useDocumentTitle(feature)
  return (
    <>
      <AppHeader />
      <main id="main" className="page">
        <StatusPanel
          icon={<SparklesIcon size={32} />}
          title={feature}
          actions={
            <Button asChild size="3" variant="soft">
              <Link {...back.link}>
                <ArrowLeftIcon />
                {back.label}
              </Link>
            </Button>
          }
        >
          <Badge size="2" variant="soft" radius="full" mb="3">
            Coming soon
          </Badge>
          <p>{description}</p>
        </StatusPanel>
      </main>
    </>
  )
}
