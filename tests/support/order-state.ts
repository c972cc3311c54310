import type { OrderProperty, OrderState } from '@/domains/checkout/checkout-wire'

const yn = (v: boolean) => (v ? 'Y' : 'N') as 'Y' | 'N'

export function wireProperty(ID: string, CODE: string, value = '', flags: { required?: boolean; email?: boolean; phone?: boolean } = {}): OrderProperty {
  return {
    ID,
    CODE,
    TYPE: CODE === 'LOCATION' ? 'LOCATION' : 'STRING',
    NAME: CODE,
    DESCRIPTION: '',
    PROPS_GROUP_ID: '1',
    SORT: Number(ID),
    DEFAULT_VALUE: null,
    VALUE: [value],
    REQUIRED: yn(flags.required ?? false),
    IS_EMAIL: yn(flags.email ?? false),
    IS_PHONE: yn(flags.phone ?? false),
    IS_LOCATION: yn(CODE === 'LOCATION'),
    IS_ADDRESS: yn(CODE === 'PROP_ADDRESS'),
  }
}

/** A complete refresh answer's order as the server writes it: Moscow, two deliveries, card and cash. */
export function wireOrder(over: Partial<OrderState> = {}): OrderState {
  return {
    IS_AUTHORIZED: false,
    PERSON_TYPE: { '2': { ID: '2', NAME: 'Юридическое лицо', SORT: 200 }, '1': { ID: '1', NAME: 'Физическое лицо', SORT: 100, CHECKED: 'Y' } },
    USER_PROFILES: {},
    ORDER_PROP: {
      groups: [],
      properties: [
        wireProperty('1', 'PROP_NAME', '', { required: true }),
        wireProperty('2', 'PROP_EMAIL', '', { required: true, email: true }),
        wireProperty('3', 'PROP_PHONE', '', { required: true, phone: true }),
        wireProperty('4', 'LOCATION', 'moskva', { required: true }),
        wireProperty('5', 'PROP_ADDRESS'),
        wireProperty('6', 'MICRO_POINT_ID'),
        wireProperty('7', 'PROMO_CODE'),
      ],
    },
    DELIVERY: {
      '4': { ID: '4', NAME: 'Курьерская доставка', DESCRIPTION: 'Курьер', SORT: 400, PRICE: 350, PRICE_FORMATED: '350 ₽', FIELD_NAME: 'DELIVERY_ID', TYPE: 'courier', CODE: 'courier' },
      '1': { ID: '1', NAME: 'Пункты выдачи СДЭК', DESCRIPTION: 'СДЭК', SORT: 100, PRICE: 199.5, PRICE_FORMATED: '199,5 ₽', PERIOD_TEXT: 'от 1 до 2 дней', FIELD_NAME: 'DELIVERY_ID', TYPE: 'pickup', CODE: 'sdek' },
    },
    PAY_SYSTEM: [
      { ID: '1', NAME: 'Банковской картой онлайн', CODE: 'card', SORT: 100, PRICE: 0, IS_CASH: 'N', HAS_PAYMENT_RESULT: 'Y' },
      { ID: '3', NAME: 'Наличными или картой при получении', CODE: 'cash', SORT: 300, PRICE: 0, IS_CASH: 'Y', HAS_PAYMENT_RESULT: 'N' },
    ],
    COUPON_LIST: [],
    GRID: {
      ROWS: {
        '10': {
          id: '10',
          data: {
            ID: '10', PRODUCT_ID: '1', NAME: 'Витамин D3', DETAIL_PAGE_URL: '/catalog/vitaminy/d3/', QUANTITY: 2, BASE_PRICE: 650.1, PRICE: 590.9,
            SUM_NUM: 1181.8, WEIGHT: 120, CAN_BUY: 'Y', PROPS: [], PREVIEW_PICTURE_SRC: '/upload/d3.svg', IS_GIFT: 'N',
          },
        },
      },
    },
    TOTAL: {
      ORDER_PRICE: 1181.8, PRICE_WITHOUT_DISCOUNT_VALUE: 1300.2, DISCOUNT_PRICE: 118.4, DELIVERY_PRICE: 0, ORDER_TOTAL_PRICE: 1181.8,
      ORDER_WEIGHT: 240, ORDER_TOTAL_PRICE_FORMATED: '1 181,8 ₽', DELIVERY_PRICE_FORMATED: '0 ₽',
    },
    ERROR: {},
    WARNING: {},
    COUNTRY_CODE: 'RU',
    LOCATION_NAME: 'Москва',
    ORDER_DESCRIPTION: '',
    ...over,
  }
}
