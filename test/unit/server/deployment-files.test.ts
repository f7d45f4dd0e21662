import { execFileSync } from 'node:child_process'
import { existsSync, readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { parse } from 'yaml'
import { loadConfig } from '../../../server/config'

/*
 * Issue #24: the deployment files (Dockerfile, compose.yaml, deploy/haproxy.cfg) agree with each other and with
 * the server they run. No container engine runs here (and none in CI), so the image is not built: this checks
 * what can be checked without one, and `docker-compose config` where that tool is installed.
 */

const read = (file: string) => readFileSync(new URL(`../../../${file}`, import.meta.url), 'utf8')

interface Service {
  image?: string
  build?: string
  environment?: Record<string, string>
  depends_on?: Record<string, unknown> | string[]
}

const compose = parse(read('compose.yaml'), { merge: true }) as { services: Record<string, Service> }
const services = compose.services

/** compose's `${NAME:-default}` and `${NAME:?message}` as the shell would fill them in with NAME unset. */
const substituted = (value: string) =>
  value
    .replace(/\$\{AUTH_SECRET:\?[^}]*\}/g, 'x'.repeat(32))
    .replace(/\$\{SMTP_URL:\?[^}]*\}/g, 'smtp://mail.example:587')
    .replace(/\$\{[A-Z0-9_]+:-([^}]*)\}/g, '$1')
    .replace(/\$\{[A-Z0-9_]+\}/g, '')

describe('compose.yaml', () => {
  it('runs PostgreSQL, a bucket, two identical server instances and a proxy in front', () => {
    expect(Object.keys(services).sort()).toEqual(['app1', 'app2', 'bucket', 'minio', 'postgres', 'proxy'])
    expect(services.app1!.build).toBe('.')
    expect(services.app1!.environment).toEqual(services.app2!.environment)
    expect(services.proxy!.depends_on).toEqual(['app1', 'app2'])
  })

  it('gives the servers settings the server accepts: the database, the bucket, one secret, the proxy trusted', () => {
    const env = Object.fromEntries(
      Object.entries(services.app1!.environment!).map(([name, value]) => [name, substituted(String(value))]),
    )
    const config = loadConfig({ ...env, DATA_DIR: '/data' })
    expect(new URL(config.DATABASE_URL!).hostname).toBe('postgres')
    expect(config.S3).toMatchObject({ bucket: 'clone-talk', forcePathStyle: true })
    expect(new URL(config.S3!.endpoint!).hostname).toBe('minio')
    expect(config.S3!.publicEndpoint).toBe('http://localhost:9000')
    expect(config.TRUST_PROXY).toBe(1)
    expect(config.PUBLIC_URL).toBe('http://localhost:8080')
  })

  it('is valid for docker-compose, where that tool is installed', () => {
    let tool: string | null = null
    try {
      execFileSync('docker-compose', ['version'], { stdio: 'ignore' })
      tool = 'docker-compose'
    } catch {}
    if (!tool) return
    execFileSync(tool, ['-f', 'compose.yaml', 'config', '-q'], {
      env: { ...process.env, AUTH_SECRET: 'x'.repeat(32), SMTP_URL: 'smtp://mail.example:587' },
      cwd: new URL('../../../', import.meta.url),
    })
  })
})

describe('deploy/haproxy.cfg', () => {
  it('sends requests round robin to each server instance of compose.yaml on the port the image listens on', () => {
    const cfg = read('deploy/haproxy.cfg')
    expect(cfg).toMatch(/balance roundrobin/)
    expect(cfg).toMatch(/option httpchk GET \/api\/health/)
    const servers = [...cfg.matchAll(/^\s*server (\S+) (\S+):(\d+)/gm)].map((m) => ({
      host: m[2],
      port: m[3],
    }))
    expect(servers.map((s) => s.host)).toEqual(['app1', 'app2'])
    const port = /PORT=(\d+)/.exec(read('Dockerfile'))?.[1]
    for (const server of servers) expect(server.port).toBe(port)
  })
})

describe('Dockerfile', () => {
  it('ships the bundled server with the files it reads beside it, and runs it', () => {
    const dockerfile = read('Dockerfile')
    expect(dockerfile).toMatch(/CMD \["node", "--enable-source-maps", "dist\/server\/index\.mjs"\]/)
    for (const [, from] of dockerfile.matchAll(/COPY --from=build \/app\/(server\/\S+)/g)) {
      expect(existsSync(new URL(`../../../${from}`, import.meta.url)), from).toBe(true)
    }
    expect(read('scripts/build-server.ts')).toContain("path.join(root, 'dist/server')")
  })
})
