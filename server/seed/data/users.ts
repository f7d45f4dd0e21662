import type { SeedUser } from '../types'
import { lenaHart } from './lena-hart'
import { tomasRivera } from './tomas-rivera'

export const seedUsers: SeedUser[] = [
  {
    key: 'user-lena',
    name: 'Lena Hart',
    email: 'lena@likeness.test',
    staff: false,
    relationships: [{ cloneKey: lenaHart.key, type: 'CREATOR' }],
  },
  {
    key: 'user-sam',
    name: 'Sam Ortiz',
    email: 'sam@likeness.test',
    staff: false,
    relationships: [{ cloneKey: lenaHart.key, type: 'CONTRIBUTOR' }],
  },
  {
    key: 'user-riley-staff',
    name: 'Riley Staff',
    email: 'staff@likeness.test',
    staff: true,
    relationships: [],
  },
  {
    key: 'user-banned',
    name: 'Blocked Demo',
    email: 'banned@likeness.test',
    staff: false,
    banned: true,
    relationships: [],
  },
  {
    key: 'user-tomas',
    name: 'Tomás Rivera',
    email: 'tomas@likeness.test',
    staff: false,
    relationships: [{ cloneKey: tomasRivera.key, type: 'CREATOR' }],
  },
]

/** Mail domains refused at sign-in (spec 1 §5), e.g. a disposable-mail service. */
export const seedBlockedEmailDomains: string[] = ['mailinator.com']
