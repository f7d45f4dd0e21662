import { Heading } from '@radix-ui/themes'
import { useSnapshot } from 'valtio'
import { videoStrings } from './video.strings'
import { videoCall } from './video-call'

const time = (ms: number | null) => (ms === null ? '—' : new Date(ms).toISOString())

/** spec 2 §2/§6: the staff-only debug panel: the call's ids, provider, states and timings. */
export function VideoDebugPanel() {
  const snap = useSnapshot(videoCall.state)
  const { machine, call } = snap
  const rows: [string, string][] = [
    [videoStrings.debug.callId, call?.callId ?? '—'],
    [videoStrings.debug.conversationId, call?.conversationId ?? '—'],
    [videoStrings.debug.provider, call?.provider.kind ?? '—'],
    [videoStrings.debug.tavusId, call?.tavusConversationId ?? '—'],
    [videoStrings.debug.status, machine.status],
    [videoStrings.debug.recording, machine.recording],
    [videoStrings.debug.webcam, machine.webcam],
    [videoStrings.debug.replicaBoot, machine.replicaBootMs === null ? '—' : `${machine.replicaBootMs} ms`],
    [
      videoStrings.debug.elapsed,
      `${snap.elapsedSeconds} s (${time(snap.startedAt)} / ${time(snap.joinedAt)})`,
    ],
  ]
  return (
    <aside className="video-debug" aria-label={videoStrings.debugTitle}>
      <Heading as="h2" size="2">
        {videoStrings.debugTitle}
      </Heading>
      <dl className="video-debug__list">
        {rows.map(([label, value]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>
              <code>{value}</code>
            </dd>
          </div>
        ))}
      </dl>
    </aside>
  )
}
