import type { ContentField } from './content-form'

/** The fields of each content type's form (ADR 200), in the order the editor reads them. */
type Options = { id: number; name: string }[]

const HTML_HINT =
  'HTML: абзацы <p>, заголовки <h2>–<h4>, списки, ссылки, картинки. Скрипты, стили и обработчики удаляются при сохранении.'
const PICTURE_HINT = 'Адрес картинки на сайте (/upload/…) или https://…'
const seo: ContentField[] = [
  { kind: 'text', name: 'seoTitle', label: 'Заголовок для поисковиков (title)', hint: 'Пусто — название.' },
  {
    kind: 'text',
    name: 'seoDescription',
    label: 'Описание для поисковиков (description)',
    hint: 'Пусто — анонс.',
  },
]
const published: ContentField = {
  kind: 'checkbox',
  name: 'published',
  label: 'Опубликовано',
  hint: 'видно покупателям; снятая галочка прячет страницу (по адресу — 404)',
}

export function articleFields(tags: Options, products: Options): ContentField[] {
  return [
    { kind: 'text', name: 'name', label: 'Название' },
    {
      kind: 'text',
      name: 'code',
      label: 'Код для адреса',
      hint: 'Латиница, цифры, «-» и «_»: /health/item/код/',
      mono: true,
    },
    { kind: 'text', name: 'category', label: 'Категория', hint: 'Статья, Исследование, Инструкция…' },
    { kind: 'datetime', name: 'publishedAt', label: 'Дата публикации' },
    { kind: 'textarea', name: 'previewText', label: 'Анонс', rows: 3 },
    { kind: 'text', name: 'picture', label: 'Картинка', hint: PICTURE_HINT, mono: true },
    { kind: 'textarea', name: 'text', label: 'Текст статьи', rows: 14, html: true, hint: HTML_HINT },
    { kind: 'expert', name: 'expert', label: 'Мнение эксперта' },
    { kind: 'accordion', name: 'accordion', label: 'Раскрывающиеся блоки (вопросы и ответы)' },
    { kind: 'multi', name: 'tagIds', label: 'Теги', options: tags },
    {
      kind: 'words',
      name: 'newTags',
      label: 'Новые теги',
      hint: 'Через запятую. Если тег с таким названием уже есть, привяжется он.',
    },
    { kind: 'multi', name: 'productIds', label: 'Товары из статьи', options: products },
    { kind: 'text', name: 'buttonUrl', label: 'Кнопка: адрес', hint: 'Пусто — без кнопки.', mono: true },
    { kind: 'text', name: 'buttonText', label: 'Кнопка: текст' },
    ...seo,
    {
      kind: 'checkbox',
      name: 'recommended',
      label: 'Рекомендуемая',
      hint: 'в блоке рекомендаций и в слайдере статей на главной',
    },
    {
      kind: 'checkbox',
      name: 'professional',
      label: 'Для специалистов',
      hint: 'страница сначала спрашивает, специалист ли читатель',
    },
    published,
  ]
}

export function newsFields(): ContentField[] {
  return [
    { kind: 'text', name: 'name', label: 'Название' },
    {
      kind: 'text',
      name: 'code',
      label: 'Код для адреса',
      hint: 'Латиница, цифры, «-» и «_»: /news/код/',
      mono: true,
    },
    { kind: 'datetime', name: 'publishedAt', label: 'Дата публикации' },
    { kind: 'text', name: 'picture', label: 'Картинка', hint: PICTURE_HINT, mono: true },
    { kind: 'textarea', name: 'previewText', label: 'Анонс', rows: 3 },
    { kind: 'textarea', name: 'text', label: 'Текст новости', rows: 12, html: true, hint: HTML_HINT },
    ...seo,
    published,
  ]
}

export function encElementFields(sections: Options, products: Options): ContentField[] {
  return [
    { kind: 'text', name: 'name', label: 'Название' },
    { kind: 'text', name: 'code', label: 'Код для адреса', hint: '/encyclopedia/item/код/', mono: true },
    { kind: 'select', name: 'sectionId', label: 'Раздел', options: sections },
    {
      kind: 'words',
      name: 'matchTerms',
      label: 'Слова для поиска в составе товаров',
      hint: 'Через запятую: «цинк, цинка». Товар, в составе которого есть слово, попадёт на страницу.',
    },
    { kind: 'textarea', name: 'previewText', label: 'Анонс', rows: 3 },
    { kind: 'textarea', name: 'text', label: 'Текст', rows: 12, html: true, hint: HTML_HINT },
    { kind: 'multi', name: 'productIds', label: 'Товары (кроме найденных по составу)', options: products },
    published,
  ]
}

export function legalFields(): ContentField[] {
  return [
    { kind: 'text', name: 'title', label: 'Заголовок' },
    { kind: 'text', name: 'slug', label: 'Код для адреса', hint: '/about/код/', mono: true },
    { kind: 'legal-sections', name: 'sections', label: 'Текст по разделам' },
    published,
  ]
}
