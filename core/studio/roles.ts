/**
 * Who may do what in the studio, as data: each role is a list of permissions,
 * and every route of the API names the one it needs (its `access`,
 * server/studio/router.ts), never a role. A new role (the inbox's `sales` and `hr`) is one entry
 * here, with permissions that exist or new ones its handlers ask for.
 * Shared with the browser, which uses only the labels: what a user may do
 * comes from the server with the session.
 */
export const PERMISSIONS = {
  "content:edit": "Редактировать материалы сайта",
  "content:publish": "Публиковать и откатывать изменения",
  "content:publish-all": "Публиковать разом всё сохранённое всеми",
  "content:trash-purge": "Удалять записи из\u00a0«Корзины» навсегда",
  "leads:read": "Открывать раздел «Заявки»",
  "leads:projects": "Видеть заявки на проекты, подписки на рассылку и регистрации на события",
  "leads:jobs": "Видеть отклики на вакансии и резюме",
  "leads:work": "Менять статус заявок и повторять их доставку",
  "leads:export": "Выгружать заявки в CSV",
  "leads:stages": "Настраивать этапы заявок и откликов",
  "personal-data:requests": "Отвечать на\u00a0запросы людей о\u00a0персональных данных: найти, выгрузить копию, удалить\u00a0— в\u00a0заявках тех видов, что видит роль",
  "personal-data:retention": "Видеть срок хранения заявок и\u00a0последнее удаление по\u00a0сроку",
  "users:manage": "Управлять пользователями",
  "audit:read": "Читать журнал действий",
  "settings:manage": "Менять настройки: почту команды, вебхук CRM, срок хранения заявок",
} as const;

export type Permission = keyof typeof PERMISSIONS;

export type RoleDefinition = {
  label: string;
  description: string;
  permissions: readonly Permission[];
};

export const ROLES = {
  editor: {
    label: "Редактор",
    description: "Правит и публикует материалы сайта",
    permissions: ["content:edit", "content:publish"],
  },
  admin: {
    label: "Администратор",
    description: "Всё, что может редактор, плюс все заявки, запросы по персональным данным, пользователи, журнал и настройки",
    permissions: [
      "content:edit",
      "content:publish",
      "content:publish-all",
      "content:trash-purge",
      "leads:read",
      "leads:projects",
      "leads:jobs",
      "leads:work",
      "leads:export",
      "leads:stages",
      "personal-data:requests",
      "personal-data:retention",
      "users:manage",
      "audit:read",
      "settings:manage",
    ],
  },
  sales: {
    label: "Продажи",
    description: "Заявки на проекты, подписки на рассылку и регистрации на события",
    permissions: ["leads:read", "leads:projects", "leads:work", "leads:export"],
  },
  hr: {
    label: "Подбор персонала",
    description: "Отклики на вакансии и резюме; запросы кандидатов об их данных",
    permissions: ["leads:read", "leads:jobs", "leads:work", "leads:export", "personal-data:requests"],
  },
} as const satisfies Record<string, RoleDefinition>;

export type Role = keyof typeof ROLES;

/** The role that can manage accounts: at least one account always keeps it. */
export const ADMIN_ROLE: Role = "admin";

export function isRole(value: unknown): value is Role {
  return typeof value === "string" && Object.hasOwn(ROLES, value);
}

export function permissionsOf(role: Role): readonly Permission[] {
  return ROLES[role].permissions;
}
