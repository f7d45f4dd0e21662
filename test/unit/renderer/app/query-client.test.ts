import { describe, expect, it } from 'vitest'
import { ApiError } from '../../../../renderer/src/api/client'
import { createQueryClient, shouldRetryQuery } from '../../../../renderer/src/app/query-client'

describe('query client', () => {
  it('keeps data fresh for 30 s', () => {
    expect(createQueryClient().getDefaultOptions().queries?.staleTime).toBe(30_000)
  })

  it('retries a failed query once, but never a 4xx answer', () => {
    expect(shouldRetryQuery(0, new ApiError(500, 'internal', 'x'))).toBe(true)
    expect(shouldRetryQuery(0, new ApiError(0, 'network_error', 'x'))).toBe(true)
    expect(shouldRetryQuery(1, new ApiError(500, 'internal', 'x'))).toBe(false)
    expect(shouldRetryQuery(0, new ApiError(404, 'not_found', 'x'))).toBe(false)
    expect(shouldRetryQuery(0, new TypeError('boom'))).toBe(true)
  })
})
