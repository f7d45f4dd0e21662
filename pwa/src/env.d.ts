/** The web build's identity (pwa/vite.config.ts `define`): LIKENESS_BUILD_ID, else the package version. */
declare const __LIKENESS_BUILD_ID__: string
