import type { TestProject } from 'vitest/node'
import { buildPostgresTemplate } from './template-db'

export default async function setup(project: TestProject) {
  return buildPostgresTemplate(project, process.env.DATABASE_URL ?? '')
}
