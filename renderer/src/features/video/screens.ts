// The video routes' screen (spec 2 §2): loaded when first shown, in the calls' chunk (pwa/vite.config.ts).
export { VideoRoute } from './VideoRoute'
