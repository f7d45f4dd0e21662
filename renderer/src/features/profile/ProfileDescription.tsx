import { Heading, Text } from '@radix-ui/themes'
import { useId } from 'react'
import { profileStrings } from './profile.strings'

/** The clone's description; blank lines separate paragraphs, single line breaks are kept. */
export function ProfileDescription({ name, text }: Readonly<{ name: string; text: string }>) {
  const headingId = useId()
  const paragraphs = text
    .split(/\n\s*\n/)
    .map((p) => p.trim())
    .filter(Boolean)
  return (
    <section aria-labelledby={headingId} className="profile-description">
      <Heading as="h2" size="4" id={headingId} mb="2">
        {profileStrings.about(name)}
      </Heading>
      {paragraphs.map((paragraph, index) => (
        <Text as="p" size="3" key={index} className="profile-description__paragraph">
          {paragraph}
        </Text>
      ))}
    </section>
  )
}
