import './profile.css'
import { Container } from '@radix-ui/themes'
import { useQuery } from '@tanstack/react-query'
import { useNavigate } from '@tanstack/react-router'
import { lazy, type ReactNode, Suspense, useState } from 'react'
import type { CloneProfile } from '../../../../contract/clone'
import { isApiError, resolveMediaUrl } from '../../api/client'
import { cloneQuery } from '../../api/clones'
import { hasSocialLinks } from '../../lib/social-presence'
import { talkLink } from '../../navigation/clone-links'
import { storageKeys } from '../../platform/storage-keys'
import { useStoredValue } from '../../platform/use-stored-value'
import { toast } from '../../ui/toast'
import { useDocumentTitle } from '../../ui/use-document-title'
import { useCurrentUser } from '../auth'
import { AppHeader } from '../shell'
import { ChatPromptBar } from './ChatPromptBar'
import { CloneLoadFailed, CloneNotFound } from './CloneNotFound'
import { ProfileActions } from './ProfileActions'
import { ProfileDescription } from './ProfileDescription'
import { ProfileHeader } from './ProfileHeader'
import { ProfileSkeleton } from './ProfileSkeleton'
import { profileStrings } from './profile.strings'
import { SuggestedQuestions } from './SuggestedQuestions'
import { useCloneWarning } from './use-clone-warning'
import { WarningBanner } from './WarningBanner'
import { warningTextFor } from './warning'

// The dialog (and Radix's focus-trap machinery) loads only when a visitor opens it: first-load budget.
const loadSocialsDialog = () => import('./SocialsDialog')
const SocialsDialog = lazy(() => loadSocialsDialog().then((m) => ({ default: m.ProfileSocialsDialog })))
// spec 2 §8's quota check of the Call button: the usage client and its schema stay out of the first load.
const CallQuotaCheck = lazy(() => import('./CallQuotaCheck'))

/** /{slug} and /{slug}/{instanceSlug}: the clone's profile overview (spec 1 §2). */
export function CloneProfileScreen({
  slug,
  instanceSlug,
}: Readonly<{ slug: string; instanceSlug?: string }>) {
  const query = useQuery(cloneQuery(slug, instanceSlug))
  // The warning banner sits above the header: the profile waits for its stored dismissal too, so the
  // banner never arrives after the profile and pushes it down (the desktop app reads it asynchronously).
  const warningRead = useStoredValue(storageKeys.warningAcknowledged).loaded
  useDocumentTitle(query.data?.name)
  const notFound = isApiError(query.error) && query.error.isNotFound
  // A kept answer shows though a refetch failed (offline, the kept clone can be restored while the first
  // fetch is under way, and that fetch then fails): only a clone that is gone, or none at all, fails.
  const clone = notFound ? undefined : query.data

  return (
    <>
      {/* spec 1 §6: a clone that does not require an email is anonymous mode, without the auth menu (not
          shown either while the clone loads, so that it never flashes up there). */}
      <AppHeader account={!query.isPending && query.data?.options.requireEmail !== false} />
      <main id="main" className="page profile-page">
        {clone && warningRead ? (
          <CloneProfileView clone={clone} />
        ) : !clone && query.isError ? (
          notFound ? (
            <CloneNotFound />
          ) : (
            <CloneLoadFailed detail={query.error.message} onRetry={() => void query.refetch()} />
          )
        ) : (
          <Container size="2" px="4" pt="5" pb="4" className="profile-page__content">
            <ProfileSkeleton />
          </Container>
        )}
      </main>
    </>
  )
}

/** The loaded profile: wires storage, navigation and toasts to the presentational parts. */
export function CloneProfileView({ clone }: Readonly<{ clone: CloneProfile }>) {
  const navigate = useNavigate()
  const [socialsOpen, setSocialsOpen] = useState(false)
  const instanceSlug = clone.instance?.slug ?? null
  // spec 2 §8: the disabled Call button (with the quota text) once the voice quota is used up, else null.
  const [blockedCall, setBlockedCall] = useState<ReactNode>(null)
  const [blockedVideo, setBlockedVideo] = useState<ReactNode>()
  const warning = useCloneWarning(clone.slug, warningTextFor(clone.options))
  const loggedIn = useCurrentUser().user !== null

  const onPhoneClick = () => {
    if (loggedIn) {
      void navigate(talkLink(clone.slug, instanceSlug, { actions: 'text' }))
      return
    }
    toast.info(profileStrings.loginRequired)
    void navigate(talkLink(clone.slug, instanceSlug, { actions: 'authenticate' }))
  }

  return (
    <>
      <Container size="2" px="4" pt="5" pb="4" className="profile-page__content">
        {warning.visible && warning.text ? (
          <WarningBanner text={warning.text} onDismiss={warning.dismiss} />
        ) : null}
        <ProfileHeader
          name={clone.name}
          imageUrl={resolveMediaUrl(clone.instance?.imageUrl ?? clone.imageUrl)}
          verified={clone.verified}
          headline={clone.headline}
          instanceName={clone.instance?.name ?? null}
          phoneNumber={clone.phoneNumber}
          onPhoneClick={onPhoneClick}
        />
        <ProfileActions
          slug={clone.slug}
          instanceSlug={instanceSlug}
          allowVoice={clone.allowVoice}
          blockedCall={blockedCall}
          blockedVideo={blockedVideo}
          allowVideo={clone.allowVideo}
          hasSocials={hasSocialLinks(clone.socials)}
          onViewLinks={() => setSocialsOpen(true)}
          onViewLinksIntent={() => void loadSocialsDialog()}
        />
        {clone.description ? <ProfileDescription name={clone.name} text={clone.description} /> : null}
        {clone.options.suggestQuestions ? (
          <SuggestedQuestions
            slug={clone.slug}
            instanceSlug={instanceSlug}
            questions={clone.suggestedQuestions}
          />
        ) : null}
      </Container>
      <ChatPromptBar
        cloneName={clone.name}
        onSubmit={(message) => void navigate(talkLink(clone.slug, instanceSlug, { message }))}
      />
      {clone.allowVoice || clone.allowVideo ? (
        <Suspense fallback={null}>
          <CallQuotaCheck clone={clone} onCallButton={setBlockedCall} onVideoButton={setBlockedVideo} />
        </Suspense>
      ) : null}
      {socialsOpen ? (
        <Suspense fallback={null}>
          <SocialsDialog
            name={clone.name}
            socials={clone.socials}
            open={socialsOpen}
            onOpenChange={setSocialsOpen}
          />
        </Suspense>
      ) : null}
    </>
  )
}
