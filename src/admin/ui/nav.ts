import type { Permission } from '@/domains/staff/permissions'

/** The back office's sections; each shows only to roles with its permission. */
export const ADMIN_NAV: readonly { href: string; label: string; permission: Permission }[] = [
  { href: '/admin/', label: 'Обзор', permission: 'dashboard.read' },
  { href: '/admin/orders/', label: 'Заказы', permission: 'orders.read' },
  { href: '/admin/customers/', label: 'Покупатели', permission: 'customers.read' },
  { href: '/admin/products/', label: 'Товары', permission: 'catalog.read' },
  { href: '/admin/sections/', label: 'Разделы и бренды', permission: 'catalog.read' },
  { href: '/admin/filter-properties/', label: 'Свойства фильтра', permission: 'catalog.read' },
  { href: '/admin/showcases/', label: 'Витрины главной', permission: 'catalog.read' },
  { href: '/admin/banners/', label: 'Баннеры', permission: 'catalog.read' },
  { href: '/admin/stock/', label: 'Остатки', permission: 'catalog.read' },
  { href: '/admin/import/', label: 'Импорт и экспорт', permission: 'catalog.write' },
  { href: '/admin/exchange/', label: 'Обмен с 1С', permission: 'settings.read' },
  { href: '/admin/landings/', label: 'Лендинги', permission: 'catalog.read' },
  { href: '/admin/programme/', label: 'Программа похудения', permission: 'catalog.read' },
  { href: '/admin/content/', label: 'Контент', permission: 'catalog.read' },
  { href: '/admin/partners/', label: 'Партнёры', permission: 'catalog.read' },
  { href: '/admin/eco/', label: 'Эко-пункты', permission: 'catalog.read' },
  { href: '/admin/webinars/', label: 'Вебинары', permission: 'catalog.read' },
  { href: '/admin/coupons/', label: 'Промокоды', permission: 'coupons.read' },
  { href: '/admin/inbox/', label: 'Входящие', permission: 'inbox.read' },
  { href: '/admin/delivery/', label: 'Доставка', permission: 'settings.read' },
  { href: '/admin/settings/', label: 'Настройки', permission: 'settings.read' },
  { href: '/admin/staff/', label: 'Сотрудники', permission: 'staff.manage' },
  { href: '/admin/audit/', label: 'Журнал изменений', permission: 'audit.read' },
]
