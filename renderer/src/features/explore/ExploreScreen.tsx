import './explore.css'
import { Button, Card, Container, Flex, Grid, Heading, Skeleton, Text } from '@radix-ui/themes'
import { useQuery } from '@tanstack/react-query'
import type { CloneCard } from '../../../../contract/clone'
import { clonesQuery } from '../../api/clones'
import { RefreshIcon, SearchIcon, WarningIcon } from '../../ui/icons'
import { StatusPanel } from '../../ui/StatusPanel'
import { useDocumentTitle } from '../../ui/use-document-title'
import { AppHeader } from '../shell'
import { CloneCardTile } from './CloneCardTile'
import { exploreStrings as s } from './explore.strings'

const gridColumns = { initial: '1', sm: '2', md: '3' } as const

/** /explore: the product's directory of clones (spec 1 §2), reached from the logo. */
export function ExploreScreen() {
  useDocumentTitle(s.pageTitle)
  const query = useQuery(clonesQuery())
  return (
    <>
      <AppHeader />
      <main id="main" className="page">
        <Container size="4" px="4" py="6">
          <Flex direction="column" gap="2" mb="6">
            <Heading as="h1" size="8">
              {s.title}
            </Heading>
            <Text size="3" color="gray">
              {s.subtitle}
            </Text>
          </Flex>
          {query.isPending ? (
            <ExploreSkeleton />
          ) : query.isError ? (
            <StatusPanel
              titleLevel="h2"
              icon={<WarningIcon size={32} />}
              title={s.loadFailedTitle}
              actions={
                <Button size="3" onClick={() => void query.refetch()}>
                  <RefreshIcon />
                  {s.retry}
                </Button>
              }
            >
              {s.loadFailedText}
            </StatusPanel>
          ) : query.data.clones.length === 0 ? (
            <StatusPanel titleLevel="h2" icon={<SearchIcon size={32} />} title={s.emptyTitle}>
              {s.emptyText}
            </StatusPanel>
          ) : (
            <CloneGrid clones={query.data.clones} />
          )}
        </Container>
      </main>
    </>
  )
}

export function CloneGrid({ clones }: Readonly<{ clones: CloneCard[] }>) {
  return (
    <Grid asChild columns={gridColumns} gap="4">
      <ul className="plain-list" aria-label={s.list}>
        {clones.map((clone) => (
          <li key={clone.id}>
            <CloneCardTile clone={clone} />
          </li>
        ))}
      </ul>
    </Grid>
  )
}

function ExploreSkeleton() {
  return (
    <Grid columns={gridColumns} gap="4" role="status" aria-label={s.loading} aria-busy="true">
      {Array.from({ length: 6 }, (_, index) => (
        <Card key={index} size="3">
          <Flex gap="4" align="start">
            <Skeleton width="64px" height="64px" style={{ borderRadius: '50%', flexShrink: 0 }} />
            <Flex direction="column" gap="2" width="100%">
              <Skeleton width="60%" height="20px" />
              <Skeleton width="100%" height="14px" />
              <Skeleton width="80%" height="14px" />
            </Flex>
          </Flex>
        </Card>
      ))}
    </Grid>
  )
}
