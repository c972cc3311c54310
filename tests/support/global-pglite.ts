import type { TestProject } from 'vitest/node'
import { buildPgliteTemplate } from './template-db'

export default async function setup(project: TestProject) {
  await buildPgliteTemplate(project)
}
