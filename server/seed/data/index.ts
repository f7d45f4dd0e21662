import type { SeedClone } from '../types'
import { lenaHart } from './lena-hart'
import { tomasRivera } from './tomas-rivera'

export { seedBlockedEmailDomains, seedUsers } from './users'

export const seedClones: SeedClone[] = [lenaHart, tomasRivera]
