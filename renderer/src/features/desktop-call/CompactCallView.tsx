import { Flex, IconButton, Text } from '@radix-ui/themes'
import { useEffect, useRef } from 'react'
import { initialsOf } from '../../lib/initials'
import { Avatar } from '../../ui/avatar'
import { Tooltip } from '../../ui/tooltip'
import { desktopCallStrings as t } from './desktop-call.strings'
import { ExpandIcon, HangUpIcon, MicIcon, MicOffIcon } from './desktop-call-icons'
import { formatElapsed, type LiveCall } from './live-call'

/**
 * The compact call window's layout (the whole page while the desktop window is compact): the clone's
 * portrait, name, the timer (or 'Connecting…'), mute, hang up, and the way back to the full window. It
 * covers the call screen, which keeps running underneath: its audio, video and avatar stay where they are.
 */
export function CompactCallView({
  call,
  name,
  imageUrl,
  onToggleMute,
  onHangUp,
  onExpand,
}: Readonly<{
  call: LiveCall
  name: string
  imageUrl: string | undefined
  onToggleMute(): void
  onHangUp(): void
  onExpand(): void
}>) {
  const muteLabel = call.muted ? t.unmute : t.mute
  const root = useRef<HTMLElement>(null)
  useEffect(() => {
    // The call screen underneath keeps running but cannot be reached: keyboard and screen readers stay here.
    const behind = [...document.querySelectorAll<HTMLElement>('body main, body header')].filter(
      (element) => !root.current?.contains(element) && !element.inert,
    )
    for (const element of behind) element.inert = true
    root.current?.querySelector<HTMLElement>('button:not([disabled])')?.focus()
    return () => {
      for (const element of behind) element.inert = false
    }
  }, [])
  return (
    <section ref={root} className="desktop-call-compact" aria-label={t.callWith(name)} data-kind={call.kind}>
      <Tooltip content={t.fullWindow}>
        <IconButton
          className="desktop-call-compact__expand"
          variant="ghost"
          color="gray"
          aria-label={t.fullWindow}
          onClick={onExpand}
        >
          <ExpandIcon />
        </IconButton>
      </Tooltip>
      <Flex direction="column" align="center" gap="2" className="desktop-call-compact__body">
        <Avatar src={imageUrl} alt="" fallback={initialsOf(name)} size="8" radius="full" />
        <Text as="p" weight="bold" size="3" className="desktop-call-compact__name">
          {name}
        </Text>
        {call.status === 'active' ? (
          <Text as="p" size="2" color="gray" aria-label={t.callTimer} role="timer">
            {formatElapsed(call.elapsedSeconds)}
          </Text>
        ) : (
          <Text as="p" size="2" color="gray" role="status">
            {t.connecting}
          </Text>
        )}
        {call.muted ? (
          <Text as="p" size="1" color="amber">
            {t.muted}
          </Text>
        ) : null}
      </Flex>
      <Flex justify="center" gap="4" className="desktop-call-compact__controls">
        <Tooltip content={muteLabel}>
          <IconButton
            size="3"
            radius="full"
            variant={call.muted ? 'solid' : 'soft'}
            color="gray"
            aria-label={muteLabel}
            aria-pressed={call.muted}
            disabled={!call.canMute}
            onClick={onToggleMute}
          >
            {call.muted ? <MicOffIcon /> : <MicIcon />}
          </IconButton>
        </Tooltip>
        <Tooltip content={t.hangUp}>
          <IconButton size="3" radius="full" color="red" aria-label={t.hangUp} onClick={onHangUp}>
            <HangUpIcon />
          </IconButton>
        </Tooltip>
      </Flex>
    </section>
  )
}
