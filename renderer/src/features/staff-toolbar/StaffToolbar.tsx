import { Button, Card, Flex, Heading, IconButton } from '@radix-ui/themes'
import { useCallback, useEffect, useId, useRef } from 'react'
import { storageKeys } from '../../platform/storage-keys'
import { useStoredValue } from '../../platform/use-stored-value'
import { CloseIcon } from '../../ui/icons'
import { Tooltip } from '../../ui/tooltip'
import { StaffPanel } from './StaffPanel'
import { staffToolbarStrings as s } from './staff-toolbar.strings'
import './staff-toolbar.css'

/** Alt+Shift+S (by key position: Alt changes the typed letter on a Mac). */
const isToggleShortcut = (event: KeyboardEvent) =>
  event.altKey && event.shiftKey && !event.ctrlKey && !event.metaKey && event.code === 'KeyS'

/**
 * spec 1 §6 'a staff toolbar': a 'Staff' pill at the bottom left that opens a compact panel of the server's
 * facts. Open or closed is remembered on the device; Alt+Shift+S toggles it and Escape closes it.
 */
export function StaffToolbar() {
  const stored = useStoredValue(storageKeys.staffToolbarOpen)
  const open = stored.value === true
  const setStored = stored.set
  const panelId = useId()
  const pillRef = useRef<HTMLButtonElement>(null)
  const panelRef = useRef<HTMLDivElement>(null)
  // Focus follows the toolbar only when a person toggled it, not when a stored state is restored on load.
  const moveFocus = useRef(false)

  const setOpen = useCallback(
    (next: boolean) => {
      moveFocus.current = true
      setStored(next ? true : undefined)
    },
    [setStored],
  )

  useEffect(() => {
    if (!moveFocus.current) return
    moveFocus.current = false
    if (open) panelRef.current?.focus()
    else pillRef.current?.focus()
  }, [open])

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (!isToggleShortcut(event)) return
      event.preventDefault()
      setOpen(!open)
    }
    document.addEventListener('keydown', onKey)
    return () => document.removeEventListener('keydown', onKey)
  }, [open, setOpen])

  if (!open) {
    return (
      <div className="staff-toolbar">
        <Tooltip content={s.expand}>
          <Button
            ref={pillRef}
            size="1"
            radius="full"
            variant="solid"
            color="orange"
            className="staff-toolbar-pill"
            aria-expanded={false}
            aria-controls={panelId}
            aria-keyshortcuts="Alt+Shift+S"
            onClick={() => setOpen(true)}
          >
            {s.pill}
          </Button>
        </Tooltip>
      </div>
    )
  }

  return (
    <div className="staff-toolbar">
      <Card
        ref={panelRef}
        id={panelId}
        role="region"
        aria-label={s.title}
        tabIndex={-1}
        size="1"
        className="staff-toolbar-panel"
        onKeyDown={(event) => {
          if (event.key !== 'Escape' || event.defaultPrevented) return
          event.stopPropagation()
          setOpen(false)
        }}
      >
        <Flex align="center" justify="between" gap="2" mb="2">
          <Heading as="h2" size="2">
            {s.title}
          </Heading>
          <IconButton
            size="1"
            variant="ghost"
            color="gray"
            aria-label={s.collapse}
            aria-expanded
            aria-controls={panelId}
            aria-keyshortcuts="Alt+Shift+S Escape"
            onClick={() => setOpen(false)}
          >
            <CloseIcon size={14} />
          </IconButton>
        </Flex>
        <StaffPanel />
      </Card>
    </div>
  )
}
