import { expect, test, type Page } from './test'
import sharp from 'sharp'
import { signInAsStaff } from './staff-sign-in'
import { pauseClock, tasksRun } from './timing'

const D3 = '/catalog/immunitet/p1-vitamin-d3-2000-me-evalar/'
const EMPTY = '/catalog/immunitet/p1-laktoferrin-100-evalar/'
/** The publishing test writes here, so the read-only checks of D3 stay exact when tests run in parallel. */
const ZINC = '/catalog/immunitet/p1-tsink-khelat-solgar/'
/** The photo review form thanks for this long, then comes back empty. */
const THANKS_MS = 3000
/** A bad e-mail flashes the footer newsletter field red for this long. */
const FLASH_MS = 1000
/** A buyer account of the seed (its old manager role no longer moderates anything). */
const MANAGER = { email: 'manager@vitamarket.local', password: 'Moderator-2026' }

async function sessid(page: Page): Promise<string> {
  const cookie = (await page.context().cookies()).find((c) => c.name === 'vm_sessid')
  return decodeURIComponent(cookie?.value ?? '')
}

async function signInAsManager(page: Page) {
  await page.goto('/')
  const res = await page.request.post('/ajax/auth/', {
    form: { LOGIN_OR_EMAIL: MANAGER.email, PASS: MANAGER.password, sessid: await sessid(page) },
  })
  expect(res.status()).toBeLessThan(400)
}

const png = (color: string) => sharp({ create: { width: 40, height: 40, channels: 3, background: color } }).png().toBuffer()

test.describe('product reviews', () => {
  test('a guest reads reviews, shows more, sorts and is asked to sign in', async ({ page }) => {
    await page.goto(`${D3}#reviews`)
    const block = page.getByTestId('product-reviews')
    await expect(block.getByRole('heading', { name: /Отзывы · 14 отзывов/ })).toBeVisible()
    await expect(block.getByTestId('rating-average')).toHaveText('4,6')
    await expect(block.getByTestId('rating-ring')).toHaveAttribute('data-percent', '92')
    const items = block.getByTestId('reviews-list').locator('li')
    await expect(items).toHaveCount(10)
    await block.getByRole('button', { name: 'Показать больше отзывов' }).click()
    await expect(items).toHaveCount(14)
    await expect(block.getByRole('button', { name: 'Показать больше отзывов' })).toBeHidden()
    const newestFirst = await items.first().locator('time').getAttribute('datetime')
    await block.getByRole('combobox').selectOption('old')
    await expect(items).toHaveCount(10)
    await expect(items.first().locator('time')).not.toHaveAttribute('datetime', newestFirst ?? '')
    await block.getByRole('button', { name: 'Оставить отзыв' }).click()
    const prompt = page.getByRole('dialog', { name: 'Оставить отзыв' })
    await expect(prompt).toBeVisible()
    const back = encodeURIComponent(`${D3}#reviews`)
    await expect(prompt.getByRole('link', { name: 'Войти' })).toHaveAttribute('href', `/personal/?RETURN-TO-COMMENT=Y&BACK_URL=${back}`)
    await expect(prompt.getByRole('link', { name: 'Зарегистрироваться' })).toHaveAttribute('href', `/auth/register/?RETURN-TO-COMMENT=Y&BACK_URL=${back}`)
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)
    expect(overflow).toBeLessThanOrEqual(1)
  })

  test('a guest sees the invitation when a product has no reviews', async ({ page }) => {
    await page.goto(`${EMPTY}#reviews`)
    await expect(page.getByText('Отзывов на данный товар пока нет. Авторизуйтесь чтобы оставить первый')).toBeVisible()
  })

  test('a signed-in buyer leaves a review with photos; a manager publishes it from the back office', async ({ page }, info) => {
    // A fake clock running with real time, so that the test can skip the thank-you's 3 s.
    await page.clock.install()
    await signInAsManager(page)
    await page.goto(`${ZINC}#reviews`)
    const block = page.getByTestId('product-reviews')
    await block.getByRole('button', { name: 'Отзыв с фото' }).click()
    const form = page.getByRole('form', { name: 'Отзыв с фотографиями' })
    await expect(form.getByLabel('Имя')).toHaveValue('Модератор отзывов')
    await expect(form.getByLabel('E-mail')).toHaveValue(MANAGER.email)
    await form.getByRole('button', { name: 'Отправить отзыв' }).click()
    await expect(form.getByRole('alert')).toHaveText('Укажите, пожалуйста, рейтинг отзыва')
    await form.getByLabel('5 из 5').check({ force: true })
    await form.getByRole('button', { name: 'Отправить отзыв' }).click()
    await expect(form.getByRole('alert')).toHaveText('Не могу распознать текст отзыва')
    const text = `Отзыв с фото из браузера ${info.project.name} ${Date.now()}`
    await form.getByLabel('Впечатления').fill(text)
    await form.locator('input[type=file]').setInputFiles([
      { name: 'one.png', mimeType: 'image/png', buffer: await png('#ff0000') },
      { name: 'two.png', mimeType: 'image/png', buffer: await png('#00ff00') },
      { name: 'three.png', mimeType: 'image/png', buffer: await png('#0000ff') },
    ])
    await expect(form.getByRole('img', { name: /Фото/ })).toHaveCount(3)
    await form.getByRole('button', { name: 'Удалить фото 2' }).click()
    await expect(form.getByRole('img', { name: /Фото/ })).toHaveCount(2)
    await form.getByRole('button', { name: 'Отправить отзыв' }).click()
    await expect(block.getByText('Спасибо за отзыв! Ваш отзыв направлен на модерацию')).toBeVisible({ timeout: 20_000 })
    // After 3 s the form comes back empty.
    await page.clock.runFor(THANKS_MS)
    await expect(block.getByText('Спасибо за отзыв! Ваш отзыв направлен на модерацию')).toBeHidden()

    // The old page's bookmarks lead to the inbox, which first asks a staff member to sign in.
    await page.goto('/manager/reviews/')
    await expect(page).toHaveURL(/\/admin\/login\/\?next=%2Fadmin%2Finbox%2F/)
    await signInAsStaff(page)
    const item = page.getByTestId('moderation-item').filter({ hasText: text })
    await expect(item.getByRole('img', { name: /Фото/ })).toHaveCount(2)
    await item.getByRole('button', { name: 'Опубликовать' }).click()
    await expect(item.getByRole('status')).toHaveText('Отзыв опубликован.')

    await page.goto(`${ZINC}#reviews`)
    const published = page.getByTestId('reviews-list').locator('li').filter({ hasText: text })
    await expect(published).toBeVisible()
    await expect(published.getByRole('img', { name: /Фото/ })).toHaveCount(2)
  })

  test('the native form asks for the rating, then thanks', async ({ page }) => {
    await signInAsManager(page)
    await page.goto(`${EMPTY}#reviews`)
    const form = page.getByRole('form', { name: 'Ваш отзыв' })
    await form.getByRole('button', { name: 'Отправить' }).click()
    await expect(form.getByRole('alert')).toHaveText('Не указан рейтинг')
    await form.getByLabel('4 из 5').check({ force: true })
    await form.getByLabel('Текст отзыва').fill('Пью курсом, всё хорошо.')
    await form.getByRole('button', { name: 'Отправить' }).click()
    await expect(page.getByText('Отзыв успешно отправлен и будет опубликован после проверки.')).toBeVisible({ timeout: 20_000 })
  })
})

test.describe('questions and newsletters', () => {
  test('the contact form checks the theme first and sends the question', async ({ page }) => {
    await page.goto('/about/contacts/')
    const form = page.getByRole('form', { name: 'Связаться с нами' })
    await form.getByRole('button', { name: 'Отправить' }).click()
    await expect(form.getByRole('alert')).toHaveText('Тема сообщения не выбрана')
    await form.getByLabel('Тема сообщения').selectOption('product')
    await form.getByRole('button', { name: 'Отправить' }).click()
    await expect(form.getByRole('alert')).toHaveText('Поле с именем не может быть пустым')
    await form.getByLabel('Имя').fill('Анна')
    await form.getByLabel('E-mail').fill('anna@mail')
    await form.getByRole('button', { name: 'Отправить' }).click()
    await expect(form.getByRole('alert')).toHaveText('Проверьте правильность ввода e-mail адреса')
    await form.getByLabel('E-mail').fill('anna@mail.ru')
    await form.getByLabel('Телефон').fill('912345')
    await form.getByRole('button', { name: 'Отправить' }).click()
    await expect(form.getByRole('alert')).toHaveText('Введите корректный телефон')
    await form.getByLabel('Телефон').fill('9123456789')
    await expect(form.getByLabel('Телефон')).toHaveValue('+7 (912) 345-67-89')
    await form.getByRole('button', { name: 'Отправить' }).click()
    await expect(form.getByRole('alert')).toHaveText('Поле с вопросом не может быть пустым')
    await form.getByLabel('Сообщение').fill('Можно ли принимать витамин D летом?')
    await form.getByRole('button', { name: 'Отправить' }).click()
    await expect(page.getByText('Форма успешно отправлена')).toBeVisible({ timeout: 20_000 })
  })

  test('the footer newsletter flashes a bad e-mail red and thanks for a good one', async ({ page }, info) => {
    // A paused fake clock times the flash; it runs on its own again for the captcha and the send.
    await pauseClock(page)
    await page.goto('/about/contacts/')
    const block = page.getByRole('region', { name: 'Подписка на рассылку' })
    const field = block.getByLabel('E-mail для рассылки')
    await field.fill('not-an-email')
    await block.getByRole('button', { name: 'Подписаться' }).click()
    await expect(field).toHaveAttribute('aria-invalid', 'true')
    await page.clock.runFor(FLASH_MS - 1)
    await tasksRun(page)
    await expect(field).toHaveAttribute('aria-invalid', 'true')
    await page.clock.runFor(1)
    await expect(field).not.toHaveAttribute('aria-invalid', 'true')
    await page.clock.resume()
    await field.fill(`reader-${info.project.name}-${Date.now()}@example.ru`)
    await block.getByRole('button', { name: 'Подписаться' }).click()
    await expect(block.getByText('Спасибо за подписку!')).toBeVisible({ timeout: 20_000 })
  })
})

test.describe('article rating', () => {
  test('a reader rates an article once; the cookie keeps the mark', async ({ page }) => {
    await page.goto('/health/item/magniy-i-stress/')
    const widget = page.getByTestId('article-rating')
    await expect(widget).toHaveAttribute('data-rated', 'N')
    const sent: string[] = []
    page.on('request', (r) => r.url().includes('/ajax/set_rating/') && sent.push(r.postData() ?? ''))
    await widget.getByLabel('4 из 5').check({ force: true })
    await expect(widget.getByRole('status')).toHaveText('Спасибо за оценку!')
    expect(sent).toHaveLength(1)
    await page.reload()
    await expect(widget).toHaveAttribute('data-rated', 'Y')
    await expect(widget.getByLabel('4 из 5')).toBeChecked()
    await widget.getByLabel('2 из 5').check({ force: true }).catch(() => undefined)
    await expect(widget.getByLabel('4 из 5')).toBeChecked()
    expect(sent).toHaveLength(1)
  })
})
