/**
 * Fixed texts of the error page (spec, section 2), apart from the page itself:
 * the lazily loaded 404 markup (not-found.tsx) reads them too, and must not
 * import the module that imports it.
 */
export const ERROR_TEXTS = {
  notFoundTitle: "Страница не найдена",
  notFoundText: "Такой страница нет. Может то, что вам интересно, находится в другом разделе?",
  silentText: "Сервер молчит, попробуйте обновить страницу",
  refresh: "Обновить",
  home: "Главная",
} as const;
