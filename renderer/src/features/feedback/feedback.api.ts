import { type FeedbackRequest, FeedbackResponse } from '../../../../contract/feedback'
import { apiRequest } from '../../api/client'

/** spec 1 §7 sendFeedback: POST /api/feedback { subject, feedback, slug? }. */
export const sendFeedback = (request: FeedbackRequest) =>
  apiRequest({ path: '/api/feedback', method: 'POST', body: request, schema: FeedbackResponse })
