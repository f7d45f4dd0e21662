import { staffToolbarStrings as s } from './staff-toolbar.strings'

/** 3725 seconds read '1 h 2 min'. */
export function formatUptime(seconds: number): string {
  const days = Math.floor(seconds / 86_400)
  const hours = Math.floor((seconds % 86_400) / 3600)
  const minutes = Math.floor((seconds % 3600) / 60)
  if (days > 0) return s.uptimeDays(days, hours)
  if (hours > 0) return s.uptimeHours(hours, minutes)
  return minutes > 0 ? s.uptimeMinutes(minutes) : s.uptimeSeconds(seconds)
}
