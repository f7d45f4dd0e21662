import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import type { $ZodType, output } from 'zod/v4/core'
import { VoiceCallProgress } from '../../contract/calls'
import { VideoCallProgress } from '../../contract/video'
import { requireCloneById } from '../clones/queries'
import type { Db } from '../db/client'
import { type CallKind as AllowanceKind, callAllowanceOf, secondsLeft } from './call-allowance'

/*
 * The lifecycle routes both kinds of call share (issue #26 part 0; spec 2 §7, §9): `{prefix}/:callId/heartbeat`
 * keeps an open call open and says what it has used and what is left; `{prefix}/:callId/end` ends it (the
 * ledger charges once) and says the same. What differs by kind is given: who may hold the call, how its
 * seconds are measured, what the end stores (and, for Tavus, what it closes).
 */

/** The fields of a call the lifecycle reads, as both call tables hold them. */
export interface LifecycleCall {
  id: string
  cloneId: string
  instanceId: string | null
  userId: string | null
  visitorId: string | null
  endedAt: Date | null
  durationSeconds: number | null
}

export interface CallLifecycle<Call extends LifecycleCall, EndBody extends $ZodType> {
  /** `/api/calls/voice` or `/api/calls/video`. */
  prefix: string
  allowance: AllowanceKind
  endBody: EndBody
  /** The caller's own call, or 404. */
  requireCall(request: FastifyRequest, callId: string): Promise<Call>
  touch(callId: string, at: Date): Promise<Call | undefined>
  /** The seconds charged so far, as the ledger will measure them at the end. */
  elapsed(call: Call, at: Date): number
  /** Ends the call (the ledger's end of the kind) with what the request reported. */
  end(request: FastifyRequest, call: Call, body: output<EndBody>, at: Date): Promise<void>
}

/** A call's route parameter, shared by every `{prefix}/:callId/...` route of both kinds. */
export const CallParams = z.object({ callId: z.uuid() })

export function registerCallLifecycle<Call extends LifecycleCall, EndBody extends $ZodType>(
  app: FastifyInstance,
  db: Db,
  now: () => Date,
  kind: CallLifecycle<Call, EndBody>,
): void {
  const routes = app.withTypeProvider<ZodTypeProvider>()
  // The same shape under each kind's own contract name.
  const Progress = kind.allowance === 'voice' ? VoiceCallProgress : VideoCallProgress

  /** What the call has used and what is left, as heartbeat and end answer it. */
  async function progressOf(call: Call, at: Date) {
    const clone = await requireCloneById(db, call.cloneId)
    const allowance = await callAllowanceOf(db, kind.allowance, clone, call, call.instanceId, at, call.id)
    const ended = call.endedAt !== null
    const durationSeconds = ended ? (call.durationSeconds ?? 0) : kind.elapsed(call, at)
    // An ended call's seconds are in the ledger already; a running call's are not yet.
    return {
      callId: call.id,
      durationSeconds,
      remainingSeconds: secondsLeft(allowance, ended ? 0 : durationSeconds),
      ended,
    }
  }

  routes.post(
    `${kind.prefix}/:callId/heartbeat`,
    {
      schema: {
        params: CallParams,
        body: z.optional(z.object({}).strict()),
        response: { 200: Progress },
      },
    },
    async (request) => {
      const call = await kind.requireCall(request, request.params.callId)
      const at = now()
      const touched = call.endedAt ? call : ((await kind.touch(call.id, at)) ?? call)
      return progressOf(touched, at)
    },
  )

  // spec 2 §7 end-of-call reports: charged once, idempotent; the answer is the call's progress, ended.
  routes.post(
    `${kind.prefix}/:callId/end`,
    { schema: { params: CallParams, body: kind.endBody, response: { 200: Progress } } },
    async (request) => {
      const call = await kind.requireCall(request, request.params.callId)
      const at = now()
      await kind.end(request, call, request.body as output<EndBody>, at)
      return progressOf(await kind.requireCall(request, call.id), at)
    },
  )
}
