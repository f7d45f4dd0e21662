import './info.css'
import { Container, Heading, Text, Link as ThemeLink } from '@radix-ui/themes'
import { Link } from '@tanstack/react-router'
import type { ReactNode } from 'react'
import { activeLanguage } from '../../../../contract/i18n'
import { useDocumentTitle } from '../../ui/use-document-title'
import { AppHeader } from '../shell'
import { infoStrings } from './info.strings'

/** When the legal pages last changed (January 2025): shown as month and year in the active language. */
export const LAST_UPDATED = new Date(2025, 0, 15)

/** A short legal or informational page: title, last-updated line and prose. */
export function InfoPage({
  title,
  updated,
  children,
}: Readonly<{ title: string; updated: Date; children: ReactNode }>) {
  useDocumentTitle(title)
  return (
    <>
      <AppHeader />
      <main id="main" className="page">
        <Container size="2" px="4" py="7">
          <article className="prose">
            <Heading as="h1" size="8" mb="2">
              {title}
            </Heading>
            <Text as="p" size="2" color="gray" mb="6">
              {infoStrings.lastUpdated(
                new Intl.DateTimeFormat(activeLanguage(), { month: 'long', year: 'numeric' }).format(updated),
              )}
            </Text>
            {children}
            <Text as="p" size="2" color="gray" mt="6">
              <ThemeLink asChild>
                <Link to="/explore">{infoStrings.backToExplore}</Link>
              </ThemeLink>
            </Text>
          </article>
        </Container>
      </main>
    </>
  )
}

export function InfoSection({ title, children }: Readonly<{ title: string; children: ReactNode }>) {
  return (
    <section>
      <Heading as="h2" size="4" mt="5" mb="2">
        {title}
      </Heading>
      <Text as="p" size="3">
        {children}
      </Text>
    </section>
  )
}
