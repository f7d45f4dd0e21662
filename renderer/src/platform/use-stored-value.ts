import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useCallback } from 'react'
import { usePlatform } from './index'
import type { StorageKey } from './storage-keys'

export const storedValueQueryKey = (key: StorageKey<unknown>) => ['storage', key.name] as const

/**
 * A local storage key as React state, shared by every component that reads it. `loaded` is false until
 * the first read finishes, so screens can avoid flashing UI that the stored value would hide.
 */
export function useStoredValue<T>(key: StorageKey<T>) {
  const platform = usePlatform()
  const queryClient = useQueryClient()
  const query = useQuery({
    queryKey: storedValueQueryKey(key),
    // react-query does not allow undefined data: absent values are held as null.
    queryFn: async () => (await platform.storage.get(key)) ?? null,
    // Where the shell reads at once (the web), the first render already has the value: nothing pops in.
    initialData: platform.storage.peek ? () => platform.storage.peek?.(key) ?? null : undefined,
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  })

  /** Stores the value (undefined removes it); every reader updates at once. */
  const set = useCallback(
    (value: T | undefined) => {
      const queryKey = storedValueQueryKey(key)
      queryClient.setQueryData(queryKey, value ?? null)
      const write = value === undefined ? platform.storage.remove(key) : platform.storage.set(key, value)
      write.catch((error: unknown) => {
        console.warn(`Could not store '${key.name}'`, error)
        void queryClient.invalidateQueries({ queryKey })
      })
    },
    [key, platform, queryClient],
  )

  return {
    value: (query.data ?? undefined) as T | undefined,
    loaded: query.isSuccess || query.isError,
    set,
  }
}
