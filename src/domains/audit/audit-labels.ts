/** How the audit log names objects and actions to a Russian reader; unknown codes show as they are. */
export const AUDIT_OBJECTS: Record<string, string> = {
  order: 'Заказ',
  coupon: 'Купон',
  settings: 'Настройки',
  staff: 'Сотрудник',
  'api-token': 'Токен API',
  customer: 'Покупатель',
  review: 'Отзыв',
  question: 'Вопрос',
  product: 'Товар',
  offer: 'Предложение',
  'exchange-group': 'Группа 1С',
}

export const AUDIT_ACTIONS: Record<string, string> = {
  create: 'создание',
  update: 'изменение',
  delete: 'удаление',
  end: 'завершение',
  status: 'смена статуса',
  note: 'заметка',
  anonymise: 'обезличивание',
  approve: 'одобрение',
  reject: 'отклонение',
  publish: 'публикация',
  reply: 'ответ',
  revoke: 'отзыв',
  'password-link': 'ссылка для пароля',
  'totp-on': 'код входа включён',
  'totp-off': 'код входа сброшен',
  notifications: 'уведомления',
  edit: 'правка',
  stock: 'остаток',
  'offers-order': 'порядок предложений',
  exchange: 'изменение из 1С',
  'exchange-payment': 'оплата из 1С',
  map: 'сопоставление',
}

export const auditObjectName = (code: string) => AUDIT_OBJECTS[code] ?? code
export const auditActionName = (code: string) => AUDIT_ACTIONS[code] ?? code
