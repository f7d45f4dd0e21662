import { type ReviseRequest, type ToneRequest, TrainingResponse } from '../../../../contract/training'
import { apiRequest } from '../../api/client'

/** spec 1 §7 improveCloneResponse: POST /api/clone/training/revise. */
export const reviseAnswer = (request: ReviseRequest) =>
  apiRequest({ path: '/api/clone/training/revise', method: 'POST', body: request, schema: TrainingResponse })

/** spec 1 §7 adjustCloneTone: POST /api/clone/training/tone. */
export const adjustTone = (request: ToneRequest) =>
  apiRequest({ path: '/api/clone/training/tone', method: 'POST', body: request, schema: TrainingResponse })
