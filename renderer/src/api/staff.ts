import { queryOptions } from '@tanstack/react-query'
import { StaffStatus } from '../../../contract/staff'
import { apiRequest } from './client'

/*
 * The staff toolbar's status (spec 1 §6; issue #15). contract/staff.ts stays out of the first load: only the
 * toolbar's lazy chunk imports this module.
 */

export const staffStatusQuery = (slug: string | null) =>
  queryOptions({
    queryKey: ['staff-status', slug] as const,
    queryFn: ({ signal }) =>
      apiRequest({
        path: slug ? `/api/staff/status?slug=${encodeURIComponent(slug)}` : '/api/staff/status',
        schema: StaffStatus,
        signal,
      }),
  })
