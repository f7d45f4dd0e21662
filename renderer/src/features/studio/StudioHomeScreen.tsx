import { Badge, Button, Card, Flex, Heading, Spinner, Text } from '@radix-ui/themes'
import { useQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import type { StudioClone } from '../../../../contract/studio-clones'
import { resolveMediaUrl } from '../../api/client'
import { studioClonesQuery } from '../../api/studio-clones'
import { initialsOf } from '../../lib/initials'
import { openDialog } from '../../navigation/dialogs.store'
import { Avatar } from '../../ui/avatar'
import { PlusIcon, UserIcon } from '../../ui/lazy-icons'
import { StatusPanel } from '../../ui/StatusPanel'
import { useDocumentTitle } from '../../ui/use-document-title'
import { useCurrentUser } from '../auth'
import { AppHeader } from '../shell'
import { studioStrings } from './studio.strings'

const s = studioStrings.home

/**
 * /studio (issue #16): the signed-in user's clones, created or helped with, each opening its studio, and
 * 'Create a clone'. Signed out, the log-in prompt.
 */
export function StudioHomeScreen() {
  useDocumentTitle(s.pageTitle)
  const { user, loaded } = useCurrentUser()
  const clones = useQuery({ ...studioClonesQuery(), enabled: user !== null })

  let content: React.ReactNode
  if (!loaded) content = <Spinner size="3" role="status" aria-label={studioStrings.loading} />
  else if (!user) {
    content = (
      <StatusPanel
        icon={<UserIcon size={32} />}
        title={s.signedOutTitle}
        actions={
          <Button size="3" onClick={() => openDialog({ kind: 'signIn' })}>
            {studioStrings.logIn}
          </Button>
        }
      >
        {s.signedOutBody}
      </StatusPanel>
    )
  } else if (clones.isPending) content = <Spinner size="3" role="status" aria-label={studioStrings.loading} />
  else if (clones.isError) {
    content = (
      <Flex direction="column" gap="2" align="start" role="alert">
        <Text color="red">{s.loadFailed}</Text>
        <Button variant="soft" onClick={() => void clones.refetch()}>
          {studioStrings.retry}
        </Button>
      </Flex>
    )
  } else if (clones.data.clones.length === 0) {
    content = (
      <Card size="3">
        <Flex direction="column" align="start" gap="3">
          <Heading as="h2" size="5">
            {s.emptyTitle}
          </Heading>
          <Text color="gray">{s.emptyBody}</Text>
          <CreateButton />
        </Flex>
      </Card>
    )
  } else {
    content = (
      <ul className="studio-clone-grid" aria-label={s.title}>
        {clones.data.clones.map((clone) => (
          <li key={clone.slug}>
            <StudioCloneCard clone={clone} />
          </li>
        ))}
      </ul>
    )
  }

  return (
    <>
      <AppHeader />
      <main id="main" className="page studio-home-page">
        <Flex direction="column" gap="4">
          <Flex justify="between" align="end" gap="3" wrap="wrap">
            <Flex direction="column" gap="1">
              <Heading as="h1" size="7">
                {s.title}
              </Heading>
              <Text color="gray">{s.subtitle}</Text>
            </Flex>
            {user && clones.data?.clones.length ? <CreateButton /> : null}
          </Flex>
          {content}
        </Flex>
      </main>
    </>
  )
}

function CreateButton() {
  return (
    <Button asChild size="3">
      <Link to="/studio/new">
        <PlusIcon /> {s.create}
      </Link>
    </Button>
  )
}

function StudioCloneCard({ clone }: Readonly<{ clone: StudioClone }>) {
  return (
    <Card asChild size="2">
      <Link to="/studio/$slug/settings" params={{ slug: clone.slug }} aria-label={s.open(clone.name)}>
        <Flex gap="3" align="center">
          <Avatar
            size="5"
            radius="full"
            src={resolveMediaUrl(clone.imageUrl)}
            fallback={initialsOf(clone.name)}
            alt=""
          />
          <Flex direction="column" gap="1" minWidth="0">
            <Text weight="bold" truncate>
              {clone.name}
            </Text>
            <Flex gap="2" wrap="wrap">
              <Badge color={clone.public ? 'green' : 'gray'}>{clone.public ? s.public : s.private}</Badge>
              <Badge variant="outline" color="gray">
                {s.role[clone.role]}
              </Badge>
            </Flex>
          </Flex>
        </Flex>
      </Link>
    </Card>
  )
}
