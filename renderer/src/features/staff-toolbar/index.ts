export { StaffToolbarHost } from './StaffToolbarHost'
