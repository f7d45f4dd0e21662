import type { App } from '../../app-type'
import type { BrainSetup } from '../../brain/create-brain'
import type { Config } from '../../config'
import type { Db } from '../../db/client'
import { studioKnowledgeRoutes } from '../../routes/studio-knowledge'
import type { UploadStore } from '../../uploads/store'
import { isPublicAddress } from './address-guard'
import { createKnowledgeReader, startKnowledgeReader } from './reader'
import type { WebFetchOptions } from './web-page'

export interface StudioKnowledgeSetup {
  db: Db
  config: Pick<Config, 'STUDIO_ALLOW_PRIVATE_URLS'>
  uploadStore: UploadStore
  setup: BrainSetup
  /** Replaces the web sources' address rule or DNS (tests serve a 'public' page on 127.0.0.1). */
  web?: Partial<Pick<WebFetchOptions, 'allowAddress' | 'resolve'>>
  /** Whether its reader takes up sources left unread (false: tests of the reader run their own). */
  takeUpWork?: boolean
}

/**
 * The studio's knowledge base (issue #16 'Teach it'): its reading queue, started and stopped with the app, and
 * its routes. Web sources are fetched from public addresses only unless STUDIO_ALLOW_PRIVATE_URLS is on.
 */
export async function registerStudioKnowledge(
  app: App,
  { db, config, uploadStore, setup, web: override, takeUpWork = true }: StudioKnowledgeSetup,
): Promise<void> {
  const web = {
    allowAddress: override?.allowAddress ?? (config.STUDIO_ALLOW_PRIVATE_URLS ? () => true : isPublicAddress),
    resolve: override?.resolve,
  }
  const reader = createKnowledgeReader({ db, store: uploadStore, log: app.log, web })
  startKnowledgeReader(app, reader, takeUpWork)
  await app.register(studioKnowledgeRoutes, { db, reader, setup, web })
}
