/** Every table, one file per area. Domains add their area file here. */
export * from './schema/catalog'
export * from './schema/accounts'
export * from './schema/cart'
export * from './schema/settings'
export * from './schema/mail'
export * from './schema/account-extra'
export * from './schema/checkout'
export * from './schema/orders'
