import path from 'node:path'
import { fileURLToPath } from 'node:url'
import ts from 'typescript'
import { describe, expect, it } from 'vitest'

const root = fileURLToPath(new URL('../../../', import.meta.url))

/** Type-checks in-memory probe files as if they sat in server/, with the options of a tsconfig. */
function checkProbes(configFile: string, probes: Record<string, string>) {
  const parsed = ts.getParsedCommandLineOfConfigFile(path.join(root, configFile), undefined, {
    ...ts.sys,
    onUnRecoverableConfigFileDiagnostic: (d) => {
      throw new Error(ts.flattenDiagnosticMessageText(d.messageText, '\n'))
    },
  })
  if (!parsed) throw new Error(`${configFile} could not be read`)
  const files = new Map(Object.entries(probes).map(([name, text]) => [path.join(root, 'server', name), text]))
  const host = ts.createCompilerHost(parsed.options)
  const readSource = host.getSourceFile.bind(host)
  host.getSourceFile = (fileName, languageVersion, ...rest) => {
    const text = files.get(path.resolve(fileName))
    return text === undefined
      ? readSource(fileName, languageVersion, ...rest)
      : ts.createSourceFile(fileName, text, languageVersion)
  }
  const program = ts.createProgram({ rootNames: [...files.keys()], options: parsed.options, host })
  const errorsOf = (name: string) =>
    ts
      .getPreEmitDiagnostics(program, program.getSourceFile(path.join(root, 'server', name)))
      .map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n'))
  return { fileNames: parsed.fileNames, errorsOf }
}

describe('tsconfig.node.json: server, main, preload and contract have no DOM types', () => {
  it('rejects window in server code, while Node globals check', () => {
    const { fileNames, errorsOf } = checkProbes('tsconfig.node.json', {
      'dom-probe.ts': 'export const here: string = window.location.href\n',
      'node-probe.ts': 'export const cwd: string = process.cwd()\n',
    })
    expect(fileNames.some((file) => file.startsWith(path.join(root, 'server') + path.sep))).toBe(true)
    expect(errorsOf('dom-probe.ts')).toEqual([expect.stringContaining("Cannot find name 'window'")])
    expect(errorsOf('node-probe.ts')).toEqual([])
  })
})
