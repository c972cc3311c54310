/**
 * Imported first by scripts/start.ts, for its side effect: in production mode (ADR 152) unsafe settings
 * stop `npm start` here, one line each, before anything reads the settings, migrates, seeds or builds.
 * ES modules run their imports in order, so the modules imported after this one never run.
 */
import { productionProblems } from '../src/lib/shop-mode'

const problems = productionProblems(process.env)
if (problems.length > 0) {
  console.error('The shop runs in production mode (ADR 152) and will not start with these settings:')
  for (const line of problems) console.error(line)
  process.exit(1)
}
