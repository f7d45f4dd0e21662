/**
 * `npm run dev`: the API server (restarted on change) and the renderer with hot reload, side by side.
 * Open the Vite URL it prints; /api and /media are proxied to the server.
 */
import { type ChildProcess, spawn } from 'node:child_process'

const serverPort = process.env.PORT ?? '8787'
const children: ChildProcess[] = []

function run(name: string, args: string[], env: NodeJS.ProcessEnv = {}) {
  const child = spawn(process.execPath, args, { stdio: 'inherit', env: { ...process.env, ...env } })
  child.on('exit', (code) => {
    console.log(`[dev] ${name} exited with ${code}`)
    shutdown(code ?? 1)
  })
  children.push(child)
}

function shutdown(code: number) {
  for (const child of children) if (child.exitCode === null) child.kill('SIGTERM')
  process.exit(code)
}

process.on('SIGINT', () => shutdown(0))
process.on('SIGTERM', () => shutdown(0))

run('server', ['node_modules/tsx/dist/cli.mjs', 'watch', '--clear-screen=false', 'server/index.ts'], {
  PORT: serverPort,
  NODE_ENV: 'development',
})
run('renderer', ['node_modules/vite/bin/vite.js', '--config', 'pwa/vite.config.ts'], { PORT: serverPort })
