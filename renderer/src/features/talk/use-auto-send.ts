import { useEffect, useRef } from 'react'

/**
 * spec 1 §2: the `message` query (alias q) pre-fills and sends a first message, exactly once. A ref guards
 * against StrictMode's second effect run and against re-renders; the caller also removes the parameter from
 * the address (navigate replace), so a reload or a remount finds nothing left to send, and the chat store
 * refuses a second send while the first is pending.
 */
export function useAutoSend({
  message,
  ready,
  send,
  clearParam,
}: {
  message: string | undefined
  /** The clone and (on a conversation route) its messages are loaded. */
  ready: boolean
  send: (text: string) => void
  clearParam: () => void
}) {
  const consumed = useRef(false)
  const latest = useRef({ send, clearParam })
  latest.current = { send, clearParam }
  useEffect(() => {
    if (!ready || !message?.trim() || consumed.current) return
    consumed.current = true
    latest.current.clearParam()
    latest.current.send(message)
  }, [ready, message])
}
