'use client'

import { useRouter } from 'next/navigation'
import { useState, type ReactNode } from 'react'
import { VIDEO_LINK_MESSAGE } from '@/domains/landings/meal-plan-video'
import type { MealPlanView } from '@/domains/landings/programme-meal-plan-admin.schema'
import type { LibraryPictureView } from '@/domains/media/media-library'
import { useHydrated } from '@/ui/use-hydrated'
import { AdminApiError, adminFetch } from '../api-client'
import { Field, FormOutcome, TextField } from '../field'
import { PicturePicker } from '../picture-picker'
import { ui } from '../styles'

type Food = MealPlanView['steps'][number]['foods'][number]
type Video = Omit<MealPlanView['steps'][number]['videos'][number], 'id'> & { id?: string }
type Expert = MealPlanView['experts'][number]
type Keyed<T> = T & { key: number }
type Stage = { stage: number; foods: Keyed<Food>[]; videos: Keyed<Video>[] }

let counter = 0
const keyed = <T,>(item: T): Keyed<T> => ({ ...item, key: ++counter })
const strip = <T,>({ key: _k, ...item }: Keyed<T>) => item as T

function moved<T>(list: T[], i: number, by: number): T[] {
  const out = [...list]
  const [row] = out.splice(i, 1)
  out.splice(i + by, 0, row!)
  return out
}

/**
 * The meal plan at /turboslim/menu/ (ADR 209): per stage the food slides (each opens its recipe) and
 * the videos, and the expert tabs. Each list is in the page's order (↑ ↓), rows are added and
 * removed, and everything is saved at once; a refusal names its row and field.
 */
export function MealPlanEditor({ plan, canEdit }: { plan: MealPlanView; canEdit: boolean }) {
  const hydrated = useHydrated()
  const router = useRouter()
  const [intro, setIntro] = useState(plan.intro)
  const [steps, setSteps] = useState<Stage[]>(() =>
    plan.steps.map((s) => ({ stage: s.stage, foods: s.foods.map(keyed), videos: s.videos.map(keyed) })),
  )
  const [experts, setExperts] = useState<Keyed<Expert>[]>(() => plan.experts.map(keyed))
  const [tab, setTab] = useState(0)
  const [errors, setErrors] = useState<Record<string, string>>({})
  const [saved, setSaved] = useState(false)
  const [busy, setBusy] = useState(false)
  const current = steps[tab]!
  const recipeTitle = new Map(plan.recipes.map((r) => [r.code, r.title]))
  const pictures = new Map(plan.pictures.map((p) => [p.id, p]))

  const setStage = (patch: Partial<Stage>) =>
    setSteps((all) => all.map((s, i) => (i === tab ? { ...s, ...patch } : s)))
  const err = (field: string) => errors[field]
  const stageHasError = (i: number) => Object.keys(errors).some((k) => k.startsWith(`steps.${i}.`))

  const save = async () => {
    setErrors({})
    setSaved(false)
    setBusy(true)
    try {
      const answer = await adminFetch<MealPlanView>('PATCH', '/api/admin/meal-plan/', {
        intro,
        steps: steps.map((s) => ({ stage: s.stage, foods: s.foods.map(strip), videos: s.videos.map(strip) })),
        experts: experts.map(strip),
      })
      // New videos got their codes: keep them, so the next save sends the same ones.
      setSteps((all) =>
        all.map((s, i) => ({
          ...s,
          videos: s.videos.map((v, j) => ({ ...v, id: answer.steps[i]?.videos[j]?.id ?? v.id })),
        })),
      )
      setSaved(true)
      router.refresh()
    } catch (error) {
      setErrors(
        error instanceof AdminApiError
          ? { ...error.fields, form: error.message }
          : { form: 'Не получилось сохранить.' },
      )
    } finally {
      setBusy(false)
    }
  }

  return (
    <div className={`${ui.card} space-y-6 p-4 sm:p-6`} role="form" aria-label="Меню программы">
      <fieldset disabled={busy || !canEdit} className="space-y-6">
        <TextField label="Вступление" error={err('intro')} value={intro} onChange={setIntro} rows={3} />

        <section aria-label="Этапы" className="space-y-4">
          <h2 className="text-lg font-semibold">Этапы: блюда и видео</h2>
          <div role="tablist" aria-label="Этап" className="flex flex-wrap gap-2">
            {steps.map((s, i) => (
              <button
                key={s.stage}
                type="button"
                role="tab"
                aria-selected={tab === i}
                onClick={() => setTab(i)}
                className={`rounded-md px-4 py-2 text-sm font-semibold ${tab === i ? 'bg-brand-500 text-white' : 'border border-line bg-white'} ${stageHasError(i) ? 'ring-2 ring-sale-500' : ''}`}
              >
                Этап {s.stage}
              </button>
            ))}
          </div>
          {err(`steps`) ? (
            <p role="alert" className="text-sm text-sale-500">
              {err('steps')}
            </p>
          ) : null}

          <div role="tabpanel" aria-label={`Этап ${current.stage}`} className="space-y-6">
            <div className="space-y-3">
              <h3 className="font-semibold">Блюда ({current.foods.length})</h3>
              {err(`steps.${tab}.foods`) ? (
                <p role="alert" className="text-sm text-sale-500">
                  {err(`steps.${tab}.foods`)}
                </p>
              ) : null}
              <ol className="space-y-3" aria-label={`Блюда этапа ${current.stage}`}>
                {current.foods.map((f, j) => {
                  const at = `steps.${tab}.foods.${j}`
                  const change = (patch: Partial<Food>) =>
                    setStage({ foods: current.foods.map((x) => (x.key === f.key ? { ...x, ...patch } : x)) })
                  return (
                    <Row
                      key={f.key}
                      name={f.title || 'блюдо'}
                      first={j === 0}
                      last={j === current.foods.length - 1}
                      onMove={(by) => setStage({ foods: moved(current.foods, j, by) })}
                      onRemove={() => setStage({ foods: current.foods.filter((x) => x.key !== f.key) })}
                    >
                      <Field label="Рецепт" error={err(`${at}.recipe`)}>
                        <select
                          value={f.recipe}
                          onChange={(e) => change({ recipe: e.target.value })}
                          className={ui.input}
                          aria-invalid={err(`${at}.recipe`) ? true : undefined}
                        >
                          {plan.recipes.some((r) => r.code === f.recipe) ? null : (
                            <option value={f.recipe}>{f.recipe || '— выберите —'}</option>
                          )}
                          {plan.recipes.map((r) => (
                            <option key={r.code} value={r.code}>
                              {r.title}
                              {r.active ? '' : ' (скрыт)'}
                            </option>
                          ))}
                        </select>
                      </Field>
                      <TextField
                        label="Приём пищи"
                        error={err(`${at}.per`)}
                        value={f.per}
                        onChange={(value) => change({ per: value })}
                      />
                      <TextField
                        label="Название"
                        error={err(`${at}.title`)}
                        value={f.title}
                        onChange={(value) => change({ title: value })}
                      />
                      <PictureFields
                        legend="Картинка блюда"
                        typedLabel="Адрес картинки"
                        item={f}
                        picture={f.pictureId === null ? null : (pictures.get(f.pictureId) ?? null)}
                        error={err(`${at}.pictureId`)}
                        typedError={err(`${at}.img`)}
                        busy={busy || !canEdit}
                        change={change}
                      />
                      <div className="sm:col-span-2">
                        <TextField
                          label="Описание"
                          error={err(`${at}.text`)}
                          value={f.text}
                          onChange={(value) => change({ text: value })}
                          rows={2}
                        />
                      </div>
                    </Row>
                  )
                })}
              </ol>
              <button
                type="button"
                className={ui.buttonSecondary}
                onClick={() => {
                  const r = plan.recipes.find((x) => x.active)
                  setStage({
                    foods: [
                      ...current.foods,
                      keyed({
                        recipe: r?.code ?? '',
                        title: r ? (recipeTitle.get(r.code) ?? '') : '',
                        img: '',
                        pictureId: null,
                        per: '',
                        text: '',
                      }),
                    ],
                  })
                }}
              >
                Добавить блюдо
              </button>
            </div>

            <div className="space-y-3">
              <h3 className="font-semibold">Видео ({current.videos.length})</h3>
              <p className="text-xs text-ink-600">
                {VIDEO_LINK_MESSAGE} Пустая ссылка — «Видео готовится к публикации».
              </p>
              <ol className="space-y-3" aria-label={`Видео этапа ${current.stage}`}>
                {current.videos.map((v, j) => {
                  const at = `steps.${tab}.videos.${j}`
                  const change = (patch: Partial<Video>) =>
                    setStage({
                      videos: current.videos.map((x) => (x.key === v.key ? { ...x, ...patch } : x)),
                    })
                  return (
                    <Row
                      key={v.key}
                      name={v.title || 'видео'}
                      first={j === 0}
                      last={j === current.videos.length - 1}
                      onMove={(by) => setStage({ videos: moved(current.videos, j, by) })}
                      onRemove={() => setStage({ videos: current.videos.filter((x) => x.key !== v.key) })}
                    >
                      <TextField
                        label="Название видео"
                        error={err(`${at}.title`) ?? err(`${at}.id`)}
                        value={v.title}
                        onChange={(value) => change({ title: value })}
                      />
                      <PictureFields
                        legend="Обложка"
                        typedLabel="Адрес обложки"
                        item={v}
                        picture={v.pictureId === null ? null : (pictures.get(v.pictureId) ?? null)}
                        error={err(`${at}.pictureId`)}
                        typedError={err(`${at}.img`)}
                        busy={busy || !canEdit}
                        change={change}
                      />
                      <div className="sm:col-span-2">
                        <TextField
                          label="Ссылка на видео"
                          error={err(`${at}.link`)}
                          value={v.link}
                          onChange={(value) => change({ link: value })}
                          placeholder="https://rutube.ru/video/…"
                        />
                      </div>
                    </Row>
                  )
                })}
              </ol>
              <button
                type="button"
                className={ui.buttonSecondary}
                onClick={() =>
                  setStage({
                    videos: [
                      ...current.videos,
                      keyed<Video>({ title: '', img: '/images/turbo/video-1.svg', pictureId: null, link: '' }),
                    ],
                  })
                }
              >
                Добавить видео
              </button>
            </div>
          </div>
        </section>

        <section aria-label="Эксперты" className="space-y-3">
          <h2 className="text-lg font-semibold">Эксперты ({experts.length})</h2>
          {err('experts') ? (
            <p role="alert" className="text-sm text-sale-500">
              {err('experts')}
            </p>
          ) : null}
          <ol className="space-y-3" aria-label="Эксперты по порядку">
            {experts.map((x, i) => {
              const at = `experts.${i}`
              const change = (patch: Partial<Expert>) =>
                setExperts((all) => all.map((e) => (e.key === x.key ? { ...e, ...patch } : e)))
              return (
                <Row
                  key={x.key}
                  name={x.name || 'эксперт'}
                  first={i === 0}
                  last={i === experts.length - 1}
                  onMove={(by) => setExperts((all) => moved(all, i, by))}
                  onRemove={() => setExperts((all) => all.filter((e) => e.key !== x.key))}
                >
                  <TextField
                    label="Имя"
                    error={err(`${at}.name`)}
                    value={x.name}
                    onChange={(value) => change({ name: value })}
                  />
                  <TextField
                    label="Должность"
                    error={err(`${at}.position`)}
                    value={x.position}
                    onChange={(value) => change({ position: value })}
                  />
                  <PictureFields
                    legend="Фото"
                    typedLabel="Адрес фото"
                    item={x}
                    picture={x.pictureId === null ? null : (pictures.get(x.pictureId) ?? null)}
                    error={err(`${at}.pictureId`)}
                    typedError={err(`${at}.img`)}
                    busy={busy || !canEdit}
                    change={change}
                  />
                  <div className="sm:col-span-2">
                    <TextField
                      label="Совет"
                      error={err(`${at}.text`)}
                      value={x.text}
                      onChange={(value) => change({ text: value })}
                      rows={3}
                    />
                  </div>
                </Row>
              )
            })}
          </ol>
          <button
            type="button"
            className={ui.buttonSecondary}
            onClick={() =>
              setExperts((all) => [
                ...all,
                keyed({ img: '/images/turbo/expert-1.svg', pictureId: null, name: '', position: '', text: '' }),
              ])
            }
          >
            Добавить эксперта
          </button>
        </section>
      </fieldset>
      {canEdit ? (
        <div className="flex flex-wrap items-center gap-3">
          <button
            type="button"
            className={ui.button}
            disabled={busy || !hydrated}
            onClick={() => void save()}
          >
            Сохранить меню
          </button>
          <FormOutcome saved={saved} error={errors.form} />
        </div>
      ) : null}
    </div>
  )
}

/**
 * A row's picture (ADR 207, second addendum): uploaded or chosen from the media library (saved by id,
 * so the page gives a srcset), else a typed address (the seed's pictures). Choosing a library picture
 * empties the typed one, as the server does: the page shows what the editor sees.
 */
function PictureFields({
  legend,
  typedLabel,
  item,
  picture,
  error,
  typedError,
  busy,
  change,
}: {
  legend: string
  typedLabel: string
  item: { img: string; pictureId: number | null }
  picture: LibraryPictureView | null
  error: string | undefined
  typedError: string | undefined
  busy: boolean
  change: (patch: { img?: string; pictureId: number | null }) => void
}) {
  return (
    <div className="space-y-2 sm:col-span-2">
      <PicturePicker
        picture={picture}
        fallback={item.pictureId === null ? item.img : ''}
        error={error ?? (item.pictureId === null ? undefined : typedError)}
        busy={busy}
        legend={legend}
        noneText="Картинки из медиатеки нет: сайт показывает адрес ниже."
        clearText="Убрать картинку"
        onChange={(p) => change(p ? { pictureId: p.id, img: '' } : { pictureId: null })}
      />
      {item.pictureId === null ? (
        <TextField
          label={typedLabel}
          error={typedError}
          value={item.img}
          onChange={(value) => change({ img: value, pictureId: null })}
          placeholder="/images/… или https://…"
        />
      ) : null}
    </div>
  )
}

/** One item of an ordered list: its fields in two columns, and ↑ ↓ «Убрать». */
function Row({
  name,
  first,
  last,
  onMove,
  onRemove,
  children,
}: {
  name: string
  first: boolean
  last: boolean
  onMove: (by: number) => void
  onRemove: () => void
  children: ReactNode
}) {
  return (
    <li className="rounded-md border border-line p-3" data-meal-plan-row={name}>
      <div className="grid gap-3 sm:grid-cols-2">{children}</div>
      <div className="mt-3 flex gap-1">
        <button
          type="button"
          className={ui.buttonSecondary}
          disabled={first}
          onClick={() => onMove(-1)}
          aria-label={`Выше: ${name}`}
        >
          ↑
        </button>
        <button
          type="button"
          className={ui.buttonSecondary}
          disabled={last}
          onClick={() => onMove(1)}
          aria-label={`Ниже: ${name}`}
        >
          ↓
        </button>
        <button type="button" className={ui.buttonDanger} onClick={onRemove} aria-label={`Убрать: ${name}`}>
          Убрать
        </button>
      </div>
    </li>
  )
}
