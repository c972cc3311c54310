/** Favourites are a set of product ids (spec §3), kept in the order they were added. */
export const MAX_FAVORITES = 500

export const FAVORITES_MESSAGES = {
  action: 'Неизвестное действие с избранным',
  badId: 'Неверный идентификатор товара',
  unknownProduct: 'Товар не найден или снят с продажи',
  tooMany: `В избранном может быть не больше ${MAX_FAVORITES} товаров`,
} as const
