import { Button, Flex, Heading, Text } from '@radix-ui/themes'
import { Link } from '@tanstack/react-router'
import type { ReactNode, Ref } from 'react'
import { isApiError } from '../../api/client'
import { profileLink } from '../../navigation/clone-links'
import { useDocumentTitle } from '../../ui/use-document-title'
import { AppHeader } from '../shell'
import { StudioAccessGate, type StudioGateTexts } from './StudioAccessGate'
import { StudioNav } from './StudioNav'
import type { StudioPageId } from './studio-pages'

/** A query's failure, enough to tell a 404. */
interface Failure {
  isError: boolean
  error: unknown
}

/**
 * The frame of every page of a clone's studio (issue #16): the app header, the page's `main` with its own
 * class, the studio's door (a 404 from any of `notFoundFrom` is 'not here', like a clone that is not yours),
 * the studio's navigation, and the title block (title, subtitle, an optional note and actions) above the
 * page's content. A page that draws its own title (settings, conversations) leaves `title` out and gets
 * its children straight under the navigation.
 */
export function StudioPage({
  slug,
  current,
  className,
  documentTitle,
  allowed,
  notFoundFrom,
  texts,
  title,
  subtitle,
  note,
  actions,
  headingRef,
  gap = '5',
  children,
}: Readonly<{
  slug: string
  current: StudioPageId
  /** The page's own class on `main`: its CSS hangs on it. */
  className: string
  documentTitle: string
  allowed: boolean
  notFoundFrom: readonly Failure[]
  texts: StudioGateTexts
  title?: string
  subtitle?: string
  note?: ReactNode
  actions?: ReactNode
  /** The title takes the focus back when what had it goes away (a deleted card). */
  headingRef?: Ref<HTMLHeadingElement>
  gap?: '4' | '5'
  children: ReactNode
}>) {
  useDocumentTitle(documentTitle)
  const notFound = notFoundFrom.some((q) => q.isError && isApiError(q.error) && q.error.isNotFound)
  return (
    <>
      <AppHeader />
      <main id="main" className={`page ${className}`}>
        <StudioAccessGate allowed={allowed} notFound={notFound} texts={texts}>
          <StudioNav slug={slug} current={current} />
          {title === undefined ? (
            children
          ) : (
            <Flex direction="column" gap={gap}>
              <StudioTitle
                title={title}
                subtitle={subtitle}
                note={note}
                actions={actions}
                headingRef={headingRef}
                classPrefix={className}
              />
              {children}
            </Flex>
          )}
        </StudioAccessGate>
      </main>
    </>
  )
}

function StudioTitle({
  title,
  subtitle,
  note,
  actions,
  headingRef,
  classPrefix,
}: Readonly<{
  title: string
  subtitle?: string
  note?: ReactNode
  actions?: ReactNode
  headingRef?: Ref<HTMLHeadingElement>
  /** The page's class: the title block's own classes are `<page>__intro` and `<page>__title`. */
  classPrefix: string
}>) {
  const intro = (
    <Flex direction="column" gap="1" className={`${classPrefix}__intro`}>
      <Heading
        as="h1"
        size="7"
        ref={headingRef}
        tabIndex={headingRef ? -1 : undefined}
        className={`${classPrefix}__title`}
      >
        {title}
      </Heading>
      <Text color="gray">{subtitle}</Text>
      {note ? (
        <Text size="2" color="gray">
          {note}
        </Text>
      ) : null}
    </Flex>
  )
  if (actions === undefined) return intro
  return (
    <Flex justify="between" align="end" gap="3" wrap="wrap">
      {intro}
      {actions}
    </Flex>
  )
}

/** A studio page's way out to the clone's public profile, beside its title. */
export function ViewProfileButton({ slug, label }: Readonly<{ slug: string; label: string }>) {
  return (
    <Button asChild variant="soft" color="gray">
      <Link {...profileLink(slug)}>{label}</Link>
    </Button>
  )
}
