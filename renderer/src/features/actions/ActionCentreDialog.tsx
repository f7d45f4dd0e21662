import './actions.css'
import { Button, Dialog, Flex, Heading, Text } from '@radix-ui/themes'
import type { ReactNode } from 'react'
import { toast } from 'sonner'
import { useSnapshot } from 'valtio'
import { closeDialog } from '../../navigation/dialogs.store'
import {
  AtSignIcon,
  BookmarkIcon,
  FeedbackIcon,
  ShareIcon,
  TextBubbleIcon,
  UserIcon,
} from '../../ui/lazy-icons'
import { type ActionMenuEntry, actionMenuEntries, bookmarkShortcut, stepForEntry } from './action-centre'
import { actionCentre, runActionCentreStep } from './action-centre.store'
import { actionsStrings as s } from './actions.strings'
import { useRouteClone } from './use-route-clone'
import { useViewer } from './use-viewer'

const entryIcon: Record<ActionMenuEntry, ReactNode> = {
  share: <ShareIcon size={18} />,
  socials: <AtSignIcon size={18} />,
  text: <TextBubbleIcon size={18} />,
  signIn: <UserIcon size={18} />,
  feedback: <FeedbackIcon size={18} />,
}

/** An entry's label, in the active language. */
const entryLabel = (entry: ActionMenuEntry): string =>
  ({
    share: s.shareConversation,
    socials: s.viewSocials,
    text: s.getText,
    signIn: s.signIn,
    feedback: s.giveFeedback,
  })[entry]

/** The action centre (spec 1 §2 `actions`): its menu, or the bookmark hint. */
export function ActionCentreDialog() {
  const { home } = useSnapshot(actionCentre)
  const { slug, clone, conversationId } = useRouteClone()
  const viewer = useViewer(slug)
  const name = clone?.name ?? null

  const onEntry = (entry: ActionMenuEntry) => {
    if (!runActionCentreStep(stepForEntry(entry, conversationId))) toast.error(s.noConversation)
  }

  return (
    <Dialog.Root open onOpenChange={(open) => (open ? undefined : closeDialog('actionCentre'))}>
      <Dialog.Content maxWidth="420px">
        {home === 'bookmark' ? (
          <BookmarkHint name={name} />
        ) : (
          <>
            <Dialog.Title>{s.menuTitle}</Dialog.Title>
            <Dialog.Description size="2" color="gray" mb="4">
              {name === null ? s.menuDescriptionNoClone : s.menuDescription(name)}
            </Dialog.Description>
            <ul className="action-menu">
              {actionMenuEntries({ clone, loggedIn: viewer.loggedIn }).map((entry) => (
                <li key={entry}>
                  <button type="button" className="action-menu__entry" onClick={() => onEntry(entry)}>
                    <span className="action-menu__icon" aria-hidden>
                      {entryIcon[entry]}
                    </span>
                    {entryLabel(entry)}
                  </button>
                </li>
              ))}
            </ul>
          </>
        )}
        <Flex justify="end" mt="4">
          <Dialog.Close>
            <Button variant="soft" color="gray">
              {s.close}
            </Button>
          </Dialog.Close>
        </Flex>
      </Dialog.Content>
    </Dialog.Root>
  )
}

/** spec 1 §2 'Add to Home Screen' hint, plus the desktop bookmark shortcut. */
function BookmarkHint({ name }: Readonly<{ name: string | null }>) {
  const shortcut = bookmarkShortcut(typeof navigator === 'undefined' ? '' : navigator.platform)
  return (
    <>
      <Dialog.Title>
        <Flex as="span" align="center" gap="2">
          <BookmarkIcon size={20} />
          {s.bookmarkTitle}
        </Flex>
      </Dialog.Title>
      <Dialog.Description size="2" color="gray" mb="3">
        {name === null ? s.bookmarkLeadNoClone : s.bookmarkLead(name)}
      </Dialog.Description>
      <Heading as="h3" size="2" mb="1">
        {s.bookmarkPhoneHeading}
      </Heading>
      <ol className="action-steps">
        {(['share', 'addToHome', 'done'] as const).map((step) => (
          <li key={step}>
            <Text size="2">{s.bookmarkPhoneSteps[step]}</Text>
          </li>
        ))}
      </ol>
      <Heading as="h3" size="2" mt="3" mb="1">
        {s.bookmarkDesktopHeading}
      </Heading>
      <Text as="p" size="2">
        {s.bookmarkDesktop(shortcut)}
      </Text>
    </>
  )
}
