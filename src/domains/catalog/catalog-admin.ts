/**
 * The product editor's words and shapes (issue 20, ADR 178), without zod or database imports so the
 * back office's client forms can use them.
 */
export const PRODUCT_MESSAGES = {
  name: 'Название — от 2 до 200 символов.',
  subTitle: 'Подзаголовок — не длиннее 300 символов.',
  line: 'Линейка — не длиннее 100 символов.',
  code: 'Код для адреса — от 2 до 100 латинских букв, цифр, «-» или «_».',
  codeTaken: 'Товар с таким кодом уже есть.',
  sections: 'Выберите хотя бы один раздел.',
  sectionGone: 'Такого раздела нет.',
  brand: 'Выберите бренд.',
  brandGone: 'Такого бренда нет.',
  form: 'Выберите форму выпуска.',
  text: 'Текст слишком длинный.',
  seoTitle: 'Заголовок для поисковиков — не длиннее 200 символов.',
  seoDescription: 'Описание для поисковиков — не длиннее 500 символов.',
  publishWithoutOffer: 'Чтобы опубликовать товар, добавьте хотя бы одно активное предложение.',
  notFound: 'Товар не найден.',
  format: 'Неверный формат значения.',
  unknownField: 'Неизвестное поле.',
} as const

export const OFFER_MESSAGES = {
  packageSize: 'Количество в упаковке — целое число от 1 до 100 000.',
  packageUnit: 'Единица — от 1 до 20 символов: капсул, таблеток, мл, г…',
  flavour: 'Вкус — не длиннее 100 символов.',
  sku: 'Артикул — от 1 до 60 символов: латиница, цифры, «-», «_», «.».',
  skuTaken: 'Предложение с таким артикулом уже есть.',
  barcode: 'Штрихкод — от 8 до 14 цифр или пусто.',
  price: 'Цена — сумма от 0 до 10 000 000 ₽.',
  oldPrice: 'Старая цена должна быть больше цены; пусто — без скидки.',
  vat: 'Ставка НДС: 0, 5, 7, 10, 20 или 22 %.',
  weight: 'Вес — целое число граммов от 1 до 100 000.',
  size: 'Размер — целое число миллиметров от 1 до 5 000.',
  stock: 'Остаток — целое число от 0; пусто — не учитывается.',
  order: 'Перечислите все предложения товара по одному разу.',
  notFound: 'Предложение не найдено.',
  ordered: 'Это предложение уже заказывали: его можно только выключить.',
  lastActive: 'Опубликованному товару нужно хотя бы одно активное предложение: сначала скройте товар.',
} as const

export const VAT_RATES = [0, 5, 7, 10, 20, 22] as const

/** The two badges the editor sets ('Хит', 'Новинка'); other badges of a product stay as they are. */
export const EDITOR_BADGES = ['hit', 'new'] as const
export type EditorBadge = (typeof EDITOR_BADGES)[number]
export const EDITOR_BADGE_NAMES: Record<EditorBadge, string> = { hit: 'Хит', new: 'Новинка' }

export const PRODUCT_STATES = ['published', 'hidden'] as const
export type ProductState = (typeof PRODUCT_STATES)[number]
export const PRODUCT_STATE_NAMES: Record<ProductState, string> = { published: 'Опубликован', hidden: 'Скрыт' }
