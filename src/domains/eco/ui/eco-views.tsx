import { Link } from '@/ui/link'
import { Slider, type SliderLayout } from '@/ui/slider'
import { ECO_PROJECTS, ecoProjectUrl, type EcoProject } from '../eco-content'

const ACTIONS_LAYOUT: SliderLayout = {
  base: { perView: 1, gap: 12 },
  steps: [
    { minWidth: 568, perView: 2, gap: 16 },
    { minWidth: 992, perView: 3, gap: 20 },
  ],
}

/** The eco actions slider: one card per project. */
export function EcoActionsSlider({ except }: { except?: EcoProject['slug'] }) {
  return (
    <Slider label="Эко-акции" layout={ACTIONS_LAYOUT} name="eco-actions" dots>
      {ECO_PROJECTS.filter((p) => p.slug !== except).map((p) => (
        <Link key={p.slug} href={ecoProjectUrl(p.slug)} className="group block h-full rounded-2xl border border-line bg-white p-4 break-words hyphens-auto" data-card="eco-action" data-eco-action={p.slug}>
          <img src={p.image} alt="" className="aspect-[4/3] w-full rounded-xl object-cover" />
          <span className="mt-3 block text-lg font-semibold group-hover:text-brand-600">{p.title}</span>
          <span className="mt-1 block text-sm text-ink-600">{p.lead}</span>
        </Link>
      ))}
    </Slider>
  )
}

export function EcoProjectView({ project, children }: { project: EcoProject; children?: React.ReactNode }) {
  return (
    <article data-eco-project={project.slug}>
      <section className="bg-brand-50">
        <div className="container-page grid items-center gap-6 py-10 md:grid-cols-2">
          <div>
            <nav className="mb-3 text-sm text-ink-600">
              <Link href="/eco/" className="hover:text-brand-600">
                Эко-проекты
              </Link>
            </nav>
            <h1 className="text-3xl font-bold sm:text-4xl">{project.title}</h1>
            <p className="mt-3 text-lg text-ink-600">{project.lead}</p>
          </div>
          <img src={project.image} alt="" className="mx-auto w-full max-w-md rounded-2xl" />
        </div>
      </section>
      <section className="container-page grid gap-8 py-10 md:grid-cols-[2fr_1fr]">
        <div className="space-y-4 text-lg leading-relaxed text-ink-600">
          {project.paragraphs.map((p) => (
            <p key={p}>{p}</p>
          ))}
        </div>
        <dl className="grid grid-cols-2 gap-4 md:grid-cols-1">
          {project.facts.map((f) => (
            <div key={f.label} className="rounded-2xl bg-surface p-5">
              <dt className="text-sm text-ink-600">{f.label}</dt>
              <dd className="text-3xl font-bold text-brand-700">{f.value}</dd>
            </div>
          ))}
        </dl>
      </section>
      {children}
      <section className="container-page py-10">
        <h2 className="mb-4 text-2xl font-bold">Другие эко-акции</h2>
        <EcoActionsSlider except={project.slug} />
      </section>
    </article>
  )
}
