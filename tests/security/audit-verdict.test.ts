import { describe, expect, it } from 'vitest'
import { auditVerdict } from '../../scripts/audit-verdict'

/** S12: the shape npm audit --json (report version 2) prints, cut down to what the verdict reads. */
function report(severity: string, url = 'https://github.com/advisories/GHSA-aaaa-bbbb-cccc') {
  return JSON.stringify({
    auditReportVersion: 2,
    vulnerabilities: {
      leaf: { name: 'leaf', severity, via: [{ source: 1, name: 'leaf', title: 'Prototype pollution', url, severity }] },
      parent: { name: 'parent', severity, via: ['leaf'] },
    },
  })
}

describe('npm audit verdict (S12)', () => {
  it('fails on a high advisory that no exception lists', () => {
    const verdict = auditVerdict(report('high'), [])
    expect(verdict.kind).toBe('findings')
    expect(verdict.kind === 'findings' && verdict.findings).toEqual([
      'high leaf: Prototype pollution (https://github.com/advisories/GHSA-aaaa-bbbb-cccc)',
    ])
  })

  it('passes a critical advisory listed with a reason, and says it was excused', () => {
    const url = 'https://github.com/advisories/GHSA-aaaa-bbbb-cccc'
    const verdict = auditVerdict(report('critical', url), [{ advisory: url, reason: 'only reached by the build' }])
    expect(verdict).toEqual({ kind: 'clean', excused: [`critical leaf: Prototype pollution (${url})`] })
  })

  it('does not accept an exception without a reason', () => {
    const url = 'https://github.com/advisories/GHSA-aaaa-bbbb-cccc'
    expect(auditVerdict(report('high', url), [{ advisory: url, reason: ' ' }]).kind).toBe('findings')
  })

  it('lets moderate advisories through', () => {
    expect(auditVerdict(report('moderate'), []).kind).toBe('clean')
  })

  it('reports an unreachable advisory service as no verdict', () => {
    const answer = JSON.stringify({ message: '405 Method Not Allowed', statusCode: 405 })
    expect(auditVerdict(answer, [])).toEqual({ kind: 'unavailable', reason: '405 Method Not Allowed' })
  })
})
