import { type ChangeEvent, type ClipboardEvent, type DragEvent, useRef, useState } from 'react'

const carriesFiles = (event: DragEvent) => Array.from(event.dataTransfer?.types ?? []).includes('Files')

/**
 * The three ways files reach the prompt (spec 1 §2 'Chat prompt'): the plus menu's hidden file input,
 * dropping them on the prompt, and pasting an image into the textarea.
 */
export function useFileAttach(onAdd: (files: File[]) => void) {
  const inputRef = useRef<HTMLInputElement>(null)
  const [dragging, setDragging] = useState(false)
  // dragenter and dragleave fire for every child crossed: count them to know when the pointer really left.
  const depth = useRef(0)

  const endDrag = () => {
    depth.current = 0
    setDragging(false)
  }

  return {
    inputRef,
    dragging,
    openPicker: () => inputRef.current?.click(),
    onInputChange: (event: ChangeEvent<HTMLInputElement>) => {
      const files = Array.from(event.target.files ?? [])
      // Cleared, so choosing the same file again (after removing it) is still a change.
      event.target.value = ''
      if (files.length > 0) onAdd(files)
    },
    dropHandlers: {
      onDragEnter: (event: DragEvent) => {
        if (!carriesFiles(event)) return
        event.preventDefault()
        depth.current += 1
        setDragging(true)
      },
      onDragOver: (event: DragEvent) => {
        if (!carriesFiles(event)) return
        event.preventDefault()
        event.dataTransfer.dropEffect = 'copy'
      },
      onDragLeave: (event: DragEvent) => {
        if (!carriesFiles(event)) return
        depth.current = Math.max(0, depth.current - 1)
        if (depth.current === 0) setDragging(false)
      },
      onDrop: (event: DragEvent) => {
        if (!carriesFiles(event)) return
        event.preventDefault()
        endDrag()
        const files = Array.from(event.dataTransfer.files)
        if (files.length > 0) onAdd(files)
      },
    },
    onPaste: (event: ClipboardEvent<HTMLTextAreaElement>) => {
      const files = Array.from(event.clipboardData.files)
      // Rich text (a copied document) also carries a picture of itself: then the text is what was meant.
      if (files.length === 0 || event.clipboardData.getData('text/plain')) return
      event.preventDefault()
      onAdd(files)
    },
  }
}
