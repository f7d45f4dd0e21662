/**
 * The import boundaries of ARCHITECTURE.md, enforced by `npm run lint` (dependency-cruiser).
 *
 * Processes meet only through contract/. Inside the renderer, arrows point down:
 *   app/ -> features/* -> navigation/ -> ui/ api/ platform/ lib/
 * A feature never imports app/, the layers below never import a feature, and a feature imports another
 * only through that feature's index.ts. Feature-level cycles are checked by scripts/check-feature-cycles.ts.
 * test/unit/tooling/boundaries.test.ts proves every rule below fires on a probe import.
 */

const FEATURE = '^renderer/src/features/([^/]+)/'
const LOWER_LAYERS = '^renderer/src/(navigation|ui|api|platform|lib)/'

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    // Processes (ARCHITECTURE.md 'may import').
    {
      name: 'renderer-is-a-browser',
      comment: 'The renderer runs in a browser sandbox: only contract/, its own files and browser packages.',
      severity: 'error',
      from: { path: '^renderer/' },
      to: { path: '^(server|main|preload|pwa|test|scripts)/' },
    },
    {
      name: 'renderer-no-node-or-electron',
      comment: 'The renderer cannot use Node built-ins: reach the desktop through platform/.',
      severity: 'error',
      from: { path: '^renderer/' },
      to: { dependencyTypes: ['core'] },
    },
    {
      name: 'renderer-no-electron',
      comment: 'The renderer reaches the desktop shell only through platform/ and the preload bridge.',
      severity: 'error',
      from: { path: '^renderer/' },
      to: { path: '^(node_modules/)?electron(/|$)' },
    },
    {
      name: 'server-stays-apart',
      comment: 'The server meets the other processes only through contract/.',
      severity: 'error',
      from: { path: '^server/' },
      to: { path: '^(renderer|main|preload|pwa|test|scripts)/' },
    },
    {
      name: 'main-stays-apart',
      comment: 'The Electron main process meets the others only through contract/.',
      severity: 'error',
      from: { path: '^main/' },
      to: { path: '^(renderer|server|preload|pwa|test|scripts)/' },
    },
    {
      name: 'preload-stays-apart',
      comment: 'The preload is the one narrow bridge: contract/ and electron only.',
      severity: 'error',
      from: { path: '^preload/' },
      to: { path: '^(renderer|server|main|pwa|test|scripts)/' },
    },
    {
      name: 'preload-no-node',
      comment: 'The sandboxed preload has no Node built-ins.',
      severity: 'error',
      from: { path: '^preload/' },
      to: { dependencyTypes: ['core'] },
    },
    {
      name: 'contract-is-zod-only',
      comment:
        'contract/ holds zod schemas and pure rules shared by every process; libphonenumber-js is the one pure ' +
        'rule library beside zod (contract/phone.ts: the renderer and the server read a phone number alike), and ' +
        "Lingui's runtime the translation layer formats messages with (contract/i18n.ts).",
      severity: 'error',
      from: { path: '^contract/' },
      to: { pathNot: '^(contract/|node_modules/(zod|libphonenumber-js|@lingui/core)/)' },
    },
    {
      name: 'pwa-only-wraps-the-renderer',
      comment:
        'pwa/ ships the renderer: it may import renderer/ and contract/, never the server or Electron.',
      severity: 'error',
      from: { path: '^pwa/' },
      to: { path: '^(server|main|preload)/' },
    },
    // Renderer layers.
    {
      name: 'feature-not-to-app',
      comment: 'app/ is the shell that imports features; a feature never imports it back.',
      severity: 'error',
      from: { path: '^renderer/src/features/' },
      to: { path: '^renderer/src/app/' },
    },
    {
      name: 'lower-layer-not-to-feature',
      comment: 'navigation/, ui/, api/, platform/ and lib/ sit below the features and import none of them.',
      severity: 'error',
      from: { path: LOWER_LAYERS },
      to: { path: '^renderer/src/(features|app)/' },
    },
    {
      name: 'feature-through-index',
      comment: "A feature imports another only through that feature's index.ts.",
      severity: 'error',
      from: { path: FEATURE },
      to: {
        path: '^renderer/src/features/[^/]+/',
        pathNot: ['^renderer/src/features/$1/', '^renderer/src/features/[^/]+/index\\.ts$'],
      },
    },
    {
      name: 'app-through-index',
      comment: "The shell imports a feature only through that feature's index.ts.",
      severity: 'error',
      from: { path: '^renderer/src/(app/|main\\.tsx$)' },
      to: { path: '^renderer/src/features/[^/]+/', pathNot: '^renderer/src/features/[^/]+/index\\.ts$' },
    },
    {
      name: 'no-module-cycles',
      comment: 'Modules of the renderer, server and desktop never import each other in a circle.',
      severity: 'error',
      from: { path: '^(renderer|server|main|preload|contract)/' },
      to: { circular: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(dist|out|release|data|test-results)/' },
    // A linked node_modules (git worktrees) still reads as node_modules/... in the rules.
    preserveSymlinks: true,
    // Type-only imports count: a type import across a boundary is still a dependency on the other side.
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.json', '.d.ts'],
    },
    skipAnalysisNotInRules: true,
  },
}
