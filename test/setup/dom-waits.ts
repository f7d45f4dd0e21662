/*
 * How long testing-library's findBy* and waitFor look for a condition before giving up. Their default (1 s)
 * is shorter than one busy moment of a loaded 2-core machine running two suites, which made renderer tests
 * fail while the condition was only late. A bound, not a sleep: a condition that holds returns at once.
 */
import { CONDITION_TIMEOUT_MS } from '../support/eventually'

if (typeof document !== 'undefined') {
  const { configure } = await import('@testing-library/dom')
  configure({ asyncUtilTimeout: CONDITION_TIMEOUT_MS })
}
