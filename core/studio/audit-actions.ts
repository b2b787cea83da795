/**
 * Every kind of entry in the audit log, with its Russian name for the
 * journal's filter and rows. Content work adds its own (content.*, release.*)
 * here as it comes.
 */
export const AUDIT_ACTIONS = {
  "session.sign-in": "Вход",
  "session.sign-in-failed": "Неудачный вход",
  "session.sign-out": "Выход",
  "user.create": "Пользователь добавлен",
  "user.remove": "Пользователь удалён",
  "user.role": "Роль изменена",
  "user.rename": "Имя изменено",
  "user.password": "Пароль изменён",
  "user.password-reset": "Пароль сброшен администратором",
  "user.block": "Пользователь заблокирован",
  "user.unblock": "Пользователь разблокирован",
  "user.reassign": "Заявки переданы другому ответственному",
  "two-factor.enable": "Второй фактор включён",
  "two-factor.disable": "Второй фактор отключён",
  "two-factor.reset": "Второй фактор отключён администратором",
  "two-factor.recovery-codes": "Коды восстановления созданы заново",
  "two-factor.required": "Изменено требование второго фактора для\u00a0администраторов",
  "release.publish": "Публикация",
  "release.rollback": "Откат публикации",
  "release.schedule": "Публикация запланирована",
  "release.schedule-cancel": "Запланированная публикация отменена",
  "content.save": "Материал сохранён",
  "content.delete": "Материал удалён",
  "content.restore": "Версия материала восстановлена",
  "content.upload": "Изображение загружено",
  "media.describe": "Описание изображения изменено",
  "media.replace": "Файл изображения заменён",
  "media.delete": "Изображение перенесено в\u00a0«Корзину»",
  "media.trash-restore": "Изображение восстановлено из\u00a0«Корзины»",
  "media.trash-purge": "Изображение удалено из\u00a0«Корзины» навсегда",
  "content.trash-restore": "Материал восстановлен из\u00a0«Корзины»",
  "content.trash-purge": "Материал удалён из\u00a0«Корзины» навсегда",
  "inbox.list": "Просмотр списка заявок",
  "inbox.view": "Просмотр заявки",
  "inbox.file": "Скачивание резюме",
  "inbox.export": "Выгрузка заявок в\u00a0CSV",
  "inbox.status": "Этап заявки изменён",
  "inbox.owner": "Ответственный за\u00a0заявку изменён",
  "inbox.comment": "Комментарий к\u00a0заявке",
  "inbox.bulk": "Заявки изменены списком",
  "inbox.stages": "Этапы заявок изменены",
  "inbox.retry": "Повтор доставки заявки",
  "personal-data.search": "Поиск персональных данных",
  "personal-data.export": "Выгрузка персональных данных",
  "personal-data.delete": "Удаление персональных данных",
  "settings.change": "Настройки изменены",
  "settings.webhook-test": "Пробный запрос на\u00a0вебхук CRM",
  "retention.run": "Удаление заявок по\u00a0сроку хранения",
} as const;

export type AuditAction = keyof typeof AUDIT_ACTIONS;

export function isAuditAction(value: unknown): value is AuditAction {
  return typeof value === "string" && Object.hasOwn(AUDIT_ACTIONS, value);
}
