import { randomUUID } from 'node:crypto'
import { expect, test } from '../test'
import sharp from 'sharp'
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

/**
 * ADR 207, second addendum: a content editor uploads a picture for a stage 2 dish and chooses the same
 * picture from the library for the last expert; /turboslim/menu/ shows both with the library's srcset,
 * and the picker no longer offers to delete the picture in use.
 */
test('a dish’s picture is uploaded and an expert’s photo chosen from the library; the menu page shows them with their srcset', async ({
  page,
}) => {
  test.setTimeout(120_000)
  const suffix = randomUUID().slice(0, 6)
  const title = `Блюдо ${suffix}`
  // A colour of its own: the same bytes again would be the picture already in the library, not the newest.
  const background = `#${suffix}`.replace(/[^#0-9a-f]/g, '0')
  const buffer = await sharp({ create: { width: 800, height: 600, channels: 3, background } }).png().toBuffer()
  await signIn(page, await newStaff(page.request, 'content'), '/admin/programme/meal-plan/')

  await page.getByRole('tab', { name: 'Этап 2' }).click()
  await page.getByRole('button', { name: 'Добавить блюдо' }).click()
  const dish = page
    .getByRole('list', { name: 'Блюда этапа 2' })
    .getByRole('listitem')
    .filter({ has: page.getByLabel('Приём пищи') })
    .last()
  // The page keys a dish by its recipe and meal: a meal of its own keeps repeated runs apart.
  await dish.getByLabel('Приём пищи').fill(`Полдник ${suffix}`)
  await dish.getByLabel('Название').fill(title)
  await dish.getByLabel('Описание').fill('Йогурт с семенами льна.')
  await expect(dish.getByLabel('Адрес картинки')).toHaveValue('')
  const uploaded = page.waitForResponse((r) => r.url().includes('/api/admin/media/') && r.request().method() === 'POST')
  await dish.getByLabel('Загрузить картинку').setInputFiles({ name: 'dish.png', mimeType: 'image/png', buffer })
  const { urls } = (await (await uploaded).json()) as { urls: { thumb: string } }
  const chosen = dish.locator('img[data-chosen-picture]')
  await expect(chosen).toHaveAttribute('src', /^\/upload\/media\/[0-9a-f]{32}\.webp$/)
  // The library picture replaces the typed address.
  await expect(dish.getByLabel('Адрес картинки')).toHaveCount(0)
  const card = await chosen.getAttribute('src')

  // The rows, not the library's items that open inside one.
  const expertRows = () =>
    page.getByRole('list', { name: 'Эксперты по порядку' }).getByRole('listitem').filter({ has: page.getByLabel('Имя') })
  const expert = expertRows().last()
  const name = await expert.getByLabel('Имя').inputValue()
  await expert.getByRole('button', { name: 'Выбрать из медиатеки' }).click()
  // Found by its own file: another run's upload may be the newest in the library.
  const ours = (row: typeof expert) =>
    row.getByRole('list', { name: 'Медиатека' }).getByRole('listitem').filter({ has: page.locator(`img[src="${urls.thumb}"]`) })
  await ours(expert).getByRole('button').first().click()
  await expect(expert.locator('img[data-chosen-picture]')).toHaveAttribute('src', card!)

  await page.getByRole('button', { name: 'Сохранить меню' }).click()
  await expect(page.getByRole('status')).toHaveText('Сохранено.')

  await page.goto('/turboslim/menu/')
  await page.locator('[data-step-tab="2"]').click()
  const food = page.locator('[data-food]').filter({ hasText: title }).first().locator('img')
  await expect(food).toHaveAttribute('src', card!)
  await expect(food).toHaveAttribute('srcset', /192w, .* 480w, .* 800w$/)
  await expect(food).toHaveAttribute('sizes', /230px/)
  const tabs = page.locator('[data-block="experts"] [role="tab"]')
  await tabs.last().click()
  const photo = page.locator('[data-block="experts"] figure img')
  await expect(photo).toHaveAttribute('alt', name)
  await expect(photo).toHaveAttribute('srcset', /192w, .* 480w, .* 800w$/)

  // In use (the server says so: this row's picker has not chosen it): marked, and no «Удалить».
  await page.goto('/admin/programme/meal-plan/')
  const other = expertRows().first()
  await other.getByRole('button', { name: 'Выбрать из медиатеки' }).click()
  const item = ours(other)
  await expect(item).toContainText('используется')
  await expect(item.getByRole('button', { name: /^Удалить/ })).toHaveCount(0)
})
