/** Texts of the eco project pages (/eco/ and its four sections). */

export interface EcoProject {
  slug: 'eco-box' | 'eco-irbis' | 'eco-plants' | 'eco-animals'
  title: string
  lead: string
  image: string
  paragraphs: string[]
  facts: { value: string; label: string }[]
}

export const ECO_PROJECTS: readonly EcoProject[] = [
  {
    slug: 'eco-box',
    title: 'Эко-боксы',
    lead: 'Сдайте пустые баночки и блистеры в эко-бокс в аптеке — мы отправим их на переработку.',
    image: '/images/eco/eco-box.svg',
    paragraphs: [
      'В аптеках-партнёрах стоят эко-боксы для пустой упаковки витаминов и БАД: пластиковых баночек, крышек и блистеров.',
      'Раз в месяц содержимое боксов забирает наш партнёр по переработке. Из вторичного пластика делают садовую мебель и упаковку.',
      'Найдите ближайший эко-бокс на карте: выберите город, и мы покажем аптеки, где он стоит.',
    ],
    facts: [
      { value: '13', label: 'аптек с эко-боксами' },
      { value: '2,4 т', label: 'пластика сдано на переработку' },
    ],
  },
  {
    slug: 'eco-irbis',
    title: 'Сохраним снежного барса',
    lead: 'Вместе с заповедниками Алтая мы помогаем следить за популяцией ирбиса.',
    image: '/images/eco/eco-irbis.svg',
    paragraphs: [
      'Снежный барс, или ирбис, — редкий хищник высокогорий. В России живёт меньше 100 особей.',
      'С каждой покупки линейки «Алтайская природа» мы перечисляем часть средств на фотоловушки и работу инспекторов.',
    ],
    facts: [
      { value: '40', label: 'фотоловушек установлено' },
      { value: '12', label: 'барсов под наблюдением' },
    ],
  },
  {
    slug: 'eco-plants',
    title: 'Сажаем деревья',
    lead: 'Восстанавливаем леса после пожаров в Сибири и на Урале.',
    image: '/images/eco/eco-plants.svg',
    paragraphs: [
      'Каждую весну мы вместе с волонтёрами высаживаем саженцы сосны и кедра на месте гарей.',
      'Присоединяйтесь к посадкам: анонсы появляются в нашей рассылке.',
    ],
    facts: [
      { value: '25 000', label: 'деревьев посажено' },
      { value: '18 га', label: 'леса восстановлено' },
    ],
  },
  {
    slug: 'eco-animals',
    title: 'Помогаем животным',
    lead: 'Поддерживаем приюты и центры реабилитации диких животных.',
    image: '/images/eco/eco-animals.svg',
    paragraphs: [
      'Мы передаём корма и лекарства приютам для бездомных животных в пяти городах.',
      'Центры реабилитации выхаживают раненых птиц и зверей и возвращают их в природу.',
    ],
    facts: [
      { value: '7', label: 'приютов-партнёров' },
      { value: '300+', label: 'животных получили помощь' },
    ],
  },
]

export function ecoProject(slug: string): EcoProject | undefined {
  return ECO_PROJECTS.find((p) => p.slug === slug)
}

export const ecoProjectUrl = (slug: EcoProject['slug']) => `/eco/${slug}/`
