import { Flex, Heading, Text } from '@radix-ui/themes'
import type { ReactNode } from 'react'

/** A centred full-page message: not found, signed out, failures. */
export function StatusPanel({
  icon,
  title,
  children,
  actions,
  titleLevel = 'h1',
}: Readonly<{
  icon?: ReactNode
  title: string
  children?: ReactNode
  actions?: ReactNode
  titleLevel?: 'h1' | 'h2'
}>) {
  return (
    <Flex direction="column" align="center" gap="4" py="9" px="4" className="status-panel">
      {icon ? <div className="status-panel__icon">{icon}</div> : null}
      <Heading as={titleLevel} size="7" align="center">
        {title}
      </Heading>
      {children ? (
        <Text as="div" size="3" color="gray" align="center" className="status-panel__text">
          {children}
        </Text>
      ) : null}
      {actions ? (
        <Flex gap="3" wrap="wrap" justify="center">
          {actions}
        </Flex>
      ) : null}
    </Flex>
  )
}
