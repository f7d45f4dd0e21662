import './info.css'
import { Container, Heading, Text, Link as ThemeLink } from '@radix-ui/themes'
import { Link } from '@tanstack/react-router'
import type { ReactNode } from 'react'
import { useDocumentTitle } from '../../ui/use-document-title'
import { AppHeader } from '../shell'

/** A short legal or informational page: title, last-updated line and prose. */
export function InfoPage({
  title,
  updated,
  children,
}: Readonly<{ title: string; updated: string; children: ReactNode }>) {
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
              Last updated {updated}
            </Text>
            {children}
            <Text as="p" size="2" color="gray" mt="6">
              <ThemeLink asChild>
                <Link to="/explore">Back to Explore</Link>
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
