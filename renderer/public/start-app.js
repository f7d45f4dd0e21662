// Starts the web app on a clone page the server wrote (server/web/page-head.ts) once that page is on the
// screen: its scripts wait in <template id="likeness-app-scripts"> so that on a slow connection the styles
// and the portrait are not sharing the line with the app's JavaScript before the first paint. The first
// contentful paint is taken from the browser's paint timing, which reports it once it is presented (an
// animation frame comes earlier than that on a busy device); where there is none, the frame after next.
// A hidden tab paints nothing: it starts at once. It starts anyway after a few seconds. The app keeps the
// written page until it can show the same screen (renderer/src/main.tsx).
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
  if (document.visibilityState === 'hidden') return start()
  document.addEventListener('visibilitychange', start, { once: true })
  setTimeout(start, 3000)
  const paintTiming =
    typeof PerformanceObserver === 'function' &&
    (PerformanceObserver.supportedEntryTypes || []).includes('paint')
  if (paintTiming) {
    const observer = new PerformanceObserver((list) => {
      if (!list.getEntriesByName('first-contentful-paint').length) return
      observer.disconnect()
      start()
    })
    observer.observe({ type: 'paint', buffered: true })
  } else {
    requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(start, 0)))
  }
})()
