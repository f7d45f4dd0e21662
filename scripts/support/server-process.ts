import { type ChildProcess, spawn } from 'node:child_process'
import { existsSync } from 'node:fs'
import path from 'node:path'

/** The server built by `npm run build:server`. */
export const BUILT_SERVER = path.resolve('dist/server/index.mjs')

export interface ServerCommand {
  /** What the report calls it. */
  label: string
  args: string[]
}

/** The built server as `npm run serve` runs it, or the sources through tsx. */
export function serverCommand(kind: 'built' | 'tsx'): ServerCommand {
  return kind === 'built'
    ? {
        label: 'node --enable-source-maps dist/server/index.mjs',
        args: ['--enable-source-maps', BUILT_SERVER],
      }
    : { label: 'node --import tsx server/index.ts', args: ['--import', 'tsx', 'server/index.ts'] }
}

/** The built server when there is one, else tsx. */
export const defaultServerCommand = (): ServerCommand =>
  serverCommand(existsSync(BUILT_SERVER) ? 'built' : 'tsx')

export interface RunningServer {
  url: string
  child: ChildProcess
  stop(): Promise<void>
}

/**
 * Starts the server on a free port with the given environment and resolves once its start banner names the
 * URL. Its logs go to our stderr only when it fails to start.
 */
export function startServer(command: ServerCommand, env: Record<string, string>): Promise<RunningServer> {
  const child = spawn(process.execPath, command.args, {
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let output = ''
  const stop = () =>
    new Promise<void>((resolve) => {
      if (child.exitCode !== null || child.signalCode !== null) return resolve()
      child.once('exit', () => resolve())
      child.kill('SIGTERM')
    })
  return new Promise((resolve, reject) => {
    child.stderr!.on('data', (chunk: Buffer) => {
      output += chunk.toString()
    })
    child.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString()
      const match = /running at (http:\/\/\S+)/.exec(output)
      if (match) resolve({ url: match[1]!.replace('localhost', '127.0.0.1'), child, stop })
    })
    child.once('exit', (code) =>
      reject(new Error(`The server exited (${code}) before it started:\n${output}`)),
    )
  })
}
