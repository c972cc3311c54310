// A stand-in for Yandex.Metrika's tag.js (ADR 115): replays the queued ym() calls like the real one and
// records, in sessionStorage so that it survives the page leaving, the calls and every e-commerce
// object it finds in the container named by init, the queued ones first.
;(function () {
  var KEY = 'fake-metrika'
  function keep(kind, data) {
    var log = JSON.parse(sessionStorage.getItem(KEY) || '[]')
    log.push({ kind: kind, data: data, path: location.pathname })
    sessionStorage.setItem(KEY, JSON.stringify(log))
  }
  var queued = (window.ym && window.ym.a) || []
  function ym(id, method, options) {
    keep('call', [id, method, options === undefined ? null : options])
    if (method !== 'init' || !options || !options.ecommerce) return
    var name = options.ecommerce === true ? 'dataLayer' : options.ecommerce
    var container = (window[name] = window[name] || [])
    container.forEach(function (entry) {
      keep('ecommerce', entry)
    })
    var push = container.push
    container.push = function () {
      for (var i = 0; i < arguments.length; i++) keep('ecommerce', arguments[i])
      return push.apply(container, arguments)
    }
  }
  window.ym = ym
  queued.forEach(function (args) {
    ym.apply(null, args)
  })
})()
