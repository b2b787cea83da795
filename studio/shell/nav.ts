import type { PageName } from "#core/studio/paths.ts";
import type { Permission } from "#core/studio/roles.ts";

/**
 * The studio's sections, in the order of the navigation. Each shows only to
 * roles with its permission (the server checks again on every request).
 * A new section: its page in routes.tsx, its line here.
 */
export type NavItem = { page: PageName; label: string; permission: Permission; description: string };

export const NAV: readonly NavItem[] = [
  { page: "content", label: "Контент", permission: "content:edit", description: "Страницы, статьи, кейсы, вакансии и другие материалы сайта" },
  { page: "media", label: "Медиа", permission: "content:edit", description: "Изображения сайта: загрузка, описания, где какое используется" },
  { page: "releases", label: "Публикации", permission: "content:publish", description: "Что опубликовано, когда и кем; откат к прежней версии" },
  { page: "searchLog", label: "Поиск по\u00a0сайту", permission: "content:edit", description: "Что искали посетители сайта, что не\u00a0нашли и\u00a0куда перешли" },
  { page: "inbox", label: "Заявки", permission: "leads:read", description: "Заявки на проекты, подписки и отклики на вакансии: этапы, ответственные, комментарии, доставка, выгрузка в CSV" },
  {
    page: "personalData",
    label: "Персональные данные",
    permission: "personal-data:requests",
    description: "Запросы людей по\u00a0152-ФЗ: что о\u00a0них хранится, копия и\u00a0удаление",
  },
  { page: "users", label: "Пользователи", permission: "users:manage", description: "Учётные записи, роли и пароли" },
  { page: "journal", label: "Журнал", permission: "audit:read", description: "Кто что менял: входы, учётные записи, публикации" },
  { page: "settings", label: "Настройки", permission: "settings:manage", description: "Почта команды, вебхук CRM, срок хранения заявок и\u00a0его ежедневное удаление" },
];

export function navFor(permissions: readonly Permission[]): NavItem[] {
  return NAV.filter((item) => permissions.includes(item.permission));
}
