// Starts the web app on a clone page the server wrote (server/web/page-head.ts) once that page is on the
// screen: its stylesheets and scripts wait in <template id="likeness-app-scripts"> so that on a slow
// connection the page (with the styles it uses written in) and the portrait are not sharing the line with
// them before the first paint. The first contentful paint is taken from the browser's paint timing, which
// reports it once it is presented (an animation frame comes earlier than that on a busy device), and then
// two frames more. A hidden tab paints nothing: it starts at once. It starts anyway after a few seconds. The
// app keeps the written page until it can show the same screen (renderer/src/main.tsx).
;(() => {
  const template = document.getElementById('likeness-app-scripts')
  if (!(template instanceof HTMLTemplateElement)) return
  let started = false
  const start = () => {
    if (started) return
    started = true
    // Cloned out of a template, the stylesheets, the module script and its preloads load and run as if
    // written in <head>. The app renders once the stylesheets are in (renderer/src/main.tsx): each says
    // data-loading until it has loaded or failed.
    const content = document.importNode(template.content, true)
    for (const link of content.querySelectorAll('link[rel="stylesheet"]')) {
      link.setAttribute('data-loading', '')
      const done = () => link.removeAttribute('data-loading')
      link.addEventListener('load', done, { once: true })
      link.addEventListener('error', done, { once: true })
    }
    document.head.append(content)
  }
  if (document.visibilityState === 'hidden') return start()
  document.addEventListener('visibilitychange', start, { once: true })
  setTimeout(start, 3000)
  const paintTiming =
    typeof PerformanceObserver === 'function' &&
    (PerformanceObserver.supportedEntryTypes || []).includes('paint')
  // The first paint can come while the page is still being read (a long page arrives in parts): this script
  // runs once it has been read (defer), so the frame after next has the whole written screen on it.
  const afterTwoFrames = () => requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(start, 0)))
  if (paintTiming) {
    const observer = new PerformanceObserver((list) => {
      if (!list.getEntriesByName('first-contentful-paint').length) return
      observer.disconnect()
      afterTwoFrames()
    })
    observer.observe({ type: 'paint', buffered: true })
  } else {
    afterTwoFrames()
  }
})()
