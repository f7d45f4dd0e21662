import { Button, Flex, Spinner, Text } from '@radix-ui/themes'
import type { UseQueryResult } from '@tanstack/react-query'
import type { ReactNode } from 'react'

/** What a page's loading and failure states say, in its own words. */
export interface QueryStateTexts {
  loading: string
  loadFailed: string
  retry: string
}

type DataOf<Q extends readonly UseQueryResult<unknown>[]> = {
  [K in keyof Q]: Q[K] extends UseQueryResult<infer D> ? D : never
}

/**
 * A studio page's data in its three states: a spinner while any query loads, the failure with one 'Retry'
 * that asks for every query again, and otherwise the page's content drawn from the data of all of them.
 */
export function QueryState<const Q extends readonly UseQueryResult<unknown>[]>({
  queries,
  texts,
  children,
}: Readonly<{ queries: Q; texts: QueryStateTexts; children: (...data: DataOf<Q>) => ReactNode }>) {
  if (queries.some((q) => q.isPending)) return <Spinner size="3" role="status" aria-label={texts.loading} />
  if (queries.some((q) => q.isError)) {
    return (
      <Flex direction="column" gap="2" align="start" role="alert">
        <Text color="red">{texts.loadFailed}</Text>
        <Button
          variant="soft"
          onClick={() => {
            for (const q of queries) void q.refetch()
          }}
        >
          {texts.retry}
        </Button>
      </Flex>
    )
  }
  return children(...(queries.map((q) => q.data) as DataOf<Q>))
}
