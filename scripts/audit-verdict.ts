/**
 * The verdict of `npm audit --omit=dev --json` (S12): every high or critical advisory fails the run
 * unless `audit-exceptions.json` lists it with a reason. The service being unreachable is no verdict
 * either way, and is said so.
 */
export interface AuditException {
  /** The advisory's address, as npm prints it (https://github.com/advisories/GHSA-…). */
  advisory: string
  reason: string
}

interface Advisory {
  source?: number
  name?: string
  title?: string
  url?: string
  severity?: string
}

interface AuditReport {
  vulnerabilities?: Record<string, { severity?: string; via?: (Advisory | string)[] }>
  message?: string
}

export type Verdict =
  | { kind: 'clean'; excused: string[] }
  | { kind: 'findings'; findings: string[]; excused: string[] }
  | { kind: 'unavailable'; reason: string }

const SERIOUS = new Set(['high', 'critical'])

export function auditVerdict(output: string, exceptions: readonly AuditException[]): Verdict {
  let report: AuditReport
  try {
    report = JSON.parse(output) as AuditReport
  } catch {
    return { kind: 'unavailable', reason: 'npm audit printed no JSON' }
  }
  if (!report.vulnerabilities) return { kind: 'unavailable', reason: report.message ?? 'no report' }
  const allowed = new Set(exceptions.filter((e) => e.reason.trim().length > 0).map((e) => e.advisory))
  const findings = new Set<string>()
  const excused = new Set<string>()
  for (const entry of Object.values(report.vulnerabilities)) {
    for (const via of entry.via ?? []) {
      // A string names another package whose own entry carries the advisory.
      if (typeof via === 'string' || !SERIOUS.has(via.severity ?? '')) continue
      const id = via.url ?? `${via.name ?? '?'} #${via.source ?? '?'}`
      const line = `${via.severity} ${via.name ?? '?'}: ${via.title ?? ''} (${id})`
      if (allowed.has(id)) excused.add(line)
      else findings.add(line)
    }
  }
  return findings.size > 0
    ? { kind: 'findings', findings: [...findings], excused: [...excused] }
    : { kind: 'clean', excused: [...excused] }
}
