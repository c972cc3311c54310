// The widget's PBKDF2 solver, bundled as a same-origin worker file: the page's CSP allows no blob: workers.
import 'altcha/workers/pbkdf2'
