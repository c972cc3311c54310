/**
 * `npm run audit`, run by .ci/run: `npm audit --omit=dev`, failing on a high or critical advisory that
 * audit-exceptions.json does not excuse with a reason (docs/decisions/130-dependency-audit.md).
 */
import { spawnSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { auditVerdict, type AuditException } from './audit-verdict'

const exceptions = JSON.parse(readFileSync('audit-exceptions.json', 'utf8')) as AuditException[]
const audit = spawnSync('npm', ['audit', '--omit=dev', '--json'], { encoding: 'utf8' })
const verdict = auditVerdict(audit.stdout, exceptions)

if (verdict.kind === 'unavailable') {
  console.log(`npm audit: the advisory service gave no report (${verdict.reason}); no verdict this run`)
} else {
  for (const line of verdict.excused) console.log(`npm audit: excused by audit-exceptions.json: ${line}`)
  if (verdict.kind === 'findings') {
    for (const line of verdict.findings) console.error(`npm audit: ${line}`)
    console.error('npm audit: fix these or list them with a reason in audit-exceptions.json')
    process.exit(1)
  }
  console.log('npm audit: no high or critical advisory in production dependencies')
}
