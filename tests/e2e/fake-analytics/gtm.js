// A stand-in for Google Tag Manager's gtm.js (ADR 115): reads window.dataLayer as it is, then every
// later push, and records the entries (and the container id it was loaded for) in sessionStorage.
;(function () {
  var KEY = 'fake-gtm'
  var id = new URL(document.currentScript.src).searchParams.get('id')
  function keep(entry) {
    var log = JSON.parse(sessionStorage.getItem(KEY) || '[]')
    log.push({ id: id, entry: entry, path: location.pathname })
    sessionStorage.setItem(KEY, JSON.stringify(log))
  }
  var layer = (window.dataLayer = window.dataLayer || [])
  layer.forEach(keep)
  var push = layer.push
  layer.push = function () {
    for (var i = 0; i < arguments.length; i++) keep(arguments[i])
    return push.apply(layer, arguments)
  }
})()
