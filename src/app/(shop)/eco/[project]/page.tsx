import type { Metadata } from 'next'
import { notFound } from 'next/navigation'
import { ECO_PROJECTS, ecoProject } from '@/domains/eco/eco-content'
import { EcoProjectView } from '@/domains/eco/ui/eco-views'

export const dynamicParams = false

/** /eco/eco-irbis/, /eco/eco-plants/, /eco/eco-animals/ (eco-box has its own page with the map). */
export function generateStaticParams() {
  return ECO_PROJECTS.filter((p) => p.slug !== 'eco-box').map((p) => ({ project: p.slug }))
}

export async function generateMetadata({ params }: PageProps<'/eco/[project]'>): Promise<Metadata> {
  const project = ecoProject((await params).project)
  return project ? { title: project.title, alternates: { canonical: `/eco/${project.slug}/` } } : {}
}

export default async function EcoProjectPage({ params }: PageProps<'/eco/[project]'>) {
  const project = ecoProject((await params).project)
  if (!project || project.slug === 'eco-box') notFound()
  return <EcoProjectView project={project} />
}
