/**
 * A use-case's answer already serialised as JSON (ADR 211: a city's stored points). The spec-call
 * wrapper (ajax.ts) sends its text as it is, so a large stored answer is not parsed and serialised
 * again per request. Not HTTP: a domain answers data, here as text.
 */
export class JsonText {
  constructor(readonly text: string) {}
}
