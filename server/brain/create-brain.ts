import type { Config } from '../config'
import type { Db } from '../db/client'
import type { Answerer } from './answerer'
import { CloneBrain } from './clone-brain'
import { KnowledgeIndexCache } from './knowledge-index'
import { LocalAnswerer } from './local-answerer'
import { OpenAiCompatibleAnswerer } from './openai-answerer'
import { OpenAiCompatibleClient } from './openai-client'

export interface BrainSetup {
  brain: CloneBrain
  indexes: KnowledgeIndexCache
  /** The configured language model, when there is one (also used for conversation titles). */
  llm: OpenAiCompatibleClient | null
  /**
   * Attached images are sent to the language model as images (LLM_VISION with an LLM configured; issue #15):
   * the chat passes it to readAttachments, which then adds each png or jpeg's data URL.
   */
  vision: boolean
}

/**
 * The clone brain as configured (ARCHITECTURE 'Embedded defaults and real providers'): the local
 * composer unless LLM_BASE_URL and LLM_MODEL name an OpenAI-compatible endpoint. `answerer`
 * replaces the grounded answerer (tests observe or fake it).
 */
export function createBrain(db: Db, config: Config, answerer?: Answerer): BrainSetup {
  const indexes = new KnowledgeIndexCache(db)
  const local = new LocalAnswerer(config.BRAIN_TOKEN_DELAY_MS)
  const llm =
    config.LLM_BASE_URL && config.LLM_MODEL
      ? new OpenAiCompatibleClient({
          baseUrl: config.LLM_BASE_URL,
          apiKey: config.LLM_API_KEY,
          model: config.LLM_MODEL,
        })
      : null
  const vision = llm !== null && config.LLM_VISION
  const grounded = answerer ?? (llm ? new OpenAiCompatibleAnswerer(llm, { vision }) : local)
  return { brain: new CloneBrain(indexes, grounded, local), indexes, llm, vision }
}
