import { notifyManager } from '@tanstack/react-query'
import { act } from '@testing-library/react'

/**
 * Resolves once the query updates made so far have reached React and rendered: TanStack Query hands them
 * to its subscribers in a batch it schedules after the change, so a screen shows a new answer only then.
 */
export const queryUpdatesRendered = () =>
  act(() => new Promise<void>((resolve) => notifyManager.schedule(resolve)))
