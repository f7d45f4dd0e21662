// Starts the web app on a clone page the server wrote (server/web/page-head.ts) once that page has been
// painted: its scripts wait in <template id="likeness-app-scripts"> so that on a slow connection the
// styles and the portrait are not sharing the line with the app's JavaScript before the first paint.
// A hidden tab has nothing to paint: it starts at once. The app itself keeps the page until it can show
// the same screen (renderer/src/main.tsx).
;(() => {
  const template = document.getElementById('likeness-app-scripts')
  if (!(template instanceof HTMLTemplateElement)) return
  let started = false
  const start = () => {
    if (started) return
    started = true
    // Cloned out of a template, the module script and its preloads load and run as if written in <head>.
    document.head.append(document.importNode(template.content, true))
  }
  if (document.visibilityState === 'hidden') start()
  else requestAnimationFrame(() => setTimeout(start, 0))
  document.addEventListener('visibilitychange', start, { once: true })
})()
