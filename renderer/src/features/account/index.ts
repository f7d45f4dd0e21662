export { AccountSlot } from './AccountSlot'
