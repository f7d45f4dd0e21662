import './shell.css'
import { Flex, Text } from '@radix-ui/themes'
import { OfflineIcon } from '../../ui/icons'
import { useOnlineStatus } from '../offline'
import { offlineStrings } from './shell.strings'

/** A slim bar above the page while the device is offline (in the page flow: it covers nothing). */
export function OfflineBanner() {
  return (
    <div className="offline-banner" role="status">
      <Flex align="center" justify="center" gap="2" px="4" py="2">
        <OfflineIcon size={16} className="offline-banner__icon" />
        <Text size="2">{offlineStrings.banner}</Text>
      </Flex>
    </div>
  )
}

/** The offline state above every page (in the page flow, mounted by RootLayout with the first render). */
export function OfflineNotice() {
  const online = useOnlineStatus()
  return online ? null : <OfflineBanner />
}
