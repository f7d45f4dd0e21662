/*
 * The builds compile each table's ICU messages ahead of time (pwa/i18n-plugin.ts); the tests, like the
 * server, compile them when first read.
 */
import { compileMessage } from '@lingui/message-utils/compileMessage'
import { setMessageCompiler } from '../../contract/i18n'

setMessageCompiler(compileMessage)
