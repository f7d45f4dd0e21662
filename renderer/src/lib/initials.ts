export { initialsOf } from '../../../contract/initials'
