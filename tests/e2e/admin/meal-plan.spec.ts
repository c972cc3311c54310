import { randomUUID } from 'node:crypto'
import { expect, test } from '@playwright/test'
import { VIDEO_LINK_MESSAGE } from '../../../src/domains/landings/meal-plan-video'
import { newStaff, signIn } from './admin-kit'

/**
 * Issue 20 (ADR 209): a content editor renames the last expert of the meal plan and moves it up, adds a
 * video to stage 3, is refused an address of another host, gives a Rutube one and saves; the buyer's
 * /turboslim/menu/ shows the expert in the new place and plays the video in Rutube's embed player.
 * Stage 1 and the first experts stay as they were (the storefront's meal-plan specs read them).
 */
test('a content editor edits the meal plan’s experts and videos, and the storefront shows them', async ({
  page,
}) => {
  test.setTimeout(90_000)
  const suffix = randomUUID().slice(0, 6)
  const name = `Эксперт ${suffix}`
  const videoTitle = `Зарядка ${suffix}`
  await signIn(page, await newStaff(page.request, 'content'), '/admin/programme/')
  await page.getByRole('link', { name: 'Меню: этапы, видео, эксперты' }).click()
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Меню программы')

  const experts = page.getByRole('list', { name: 'Эксперты по порядку' }).getByRole('listitem')
  const count = await experts.count()
  expect(count).toBeGreaterThan(1)
  const last = experts.nth(count - 1)
  await last.getByLabel('Имя').fill(name)
  await last.getByRole('button', { name: `Выше: ${name}` }).click()
  await expect(experts.nth(count - 2).getByLabel('Имя')).toHaveValue(name)

  await page.getByRole('tab', { name: 'Этап 3' }).click()
  const videos = page.getByRole('list', { name: 'Видео этапа 3' }).getByRole('listitem')
  const before = await videos.count()
  await page.getByRole('button', { name: 'Добавить видео' }).click()
  const added = videos.nth(before)
  await added.getByLabel('Название видео').fill(videoTitle)
  await added.getByLabel('Ссылка на видео').fill('https://evil.example/watch?v=dQw4w9WgXcQ')
  await page.getByRole('button', { name: 'Сохранить меню' }).click()
  await expect(added.getByRole('alert')).toHaveText(VIDEO_LINK_MESSAGE)

  await added.getByLabel('Ссылка на видео').fill('https://rutube.ru/video/0123456789abcdef0123456789abcdef/')
  await page.getByRole('button', { name: 'Сохранить меню' }).click()
  await expect(page.getByRole('status')).toHaveText('Сохранено.')

  // The buyer's page: the expert one place higher, the video last on stage 3, played by Rutube's embed.
  await page.goto('/turboslim/menu/')
  const tabs = page.locator('[data-block="experts"] [role="tab"]')
  await expect(tabs).toHaveCount(count)
  await tabs.nth(count - 2).click()
  await expect(page.locator('[data-block="experts"] figure')).toContainText(name)
  await page.locator('[data-step-tab="3"]').click()
  await page.locator('[data-kind-tab="video"]').click()
  const video = page.locator('[data-video]').filter({ hasText: videoTitle })
  await video.getByRole('button', { name: `Смотреть видео: ${videoTitle}` }).click({ force: true })
  await expect(video.locator('iframe[data-video-playing]')).toHaveAttribute(
    'src',
    'https://rutube.ru/play/embed/0123456789abcdef0123456789abcdef?autoplay=1',
  )
})
