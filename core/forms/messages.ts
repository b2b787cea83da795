/**
 * Every message a visitor can see from the forms, in one place: the browser
 * and the server show the same words for the same problem. Short words are
 * bound here (\u00a0) rather than by the build's typography plugin, because the
 * server's form handling (server/leads) runs from source, not from the bundle.
 */
export const MESSAGES = {
  name: { required: "Укажите, как к\u00a0вам обращаться", long: "Имя длиннее 100 символов — сократите, пожалуйста" },
  email: {
    required: "Укажите e-mail",
    invalid: "Проверьте адрес почты — например, name@company.ru",
    long: "Адрес почты длиннее 254 символов",
  },
  phone: {
    required: "Укажите телефон",
    invalid: "Проверьте номер — например, +7 912 345-67-89",
  },
  contact: "Укажите телефон или e-mail, чтобы мы\u00a0могли ответить",
  company: { long: "Название компании длиннее 200 символов" },
  services: { unknown: "Выберите услуги из\u00a0списка" },
  budget: { unknown: "Выберите бюджет из\u00a0списка" },
  message: { long: "Сообщение длиннее 5000 символов — сократите, пожалуйста" },
  letter: { long: "Сопроводительное письмо длиннее 5000 символов — сократите, пожалуйста" },
  cv: {
    required: "Прикрепите резюме или дайте ссылку на\u00a0него",
    tooLarge: "Файл больше 5 МБ\u00a0— сожмите его или дайте ссылку",
    wrongType: "Резюме принимаем в\u00a0PDF, DOC, DOCX или ODT",
    unreadable: "Файл не\u00a0похож на\u00a0PDF, DOC, DOCX или ODT — проверьте, что он\u00a0не\u00a0повреждён",
  },
  cvLink: { invalid: "Ссылка должна начинаться с\u00a0https:// или http://" },
  position: { unknown: "Эта вакансия закрыта — выберите другую на\u00a0странице «Карьера»" },
  consent: {
    processing: "Без согласия на\u00a0обработку персональных данных мы\u00a0не\u00a0сможем принять форму",
    newsletter: "Без согласия на\u00a0обработку персональных данных мы\u00a0не\u00a0сможем отправлять рассылку",
  },
  form: {
    invalid: "Проверьте поля, отмеченные красным",
    unavailable:
      "Не\u00a0получилось сохранить форму: сервис временно недоступен. Отправьте её\u00a0ещё раз через минуту — всё, что вы\u00a0ввели, осталось в\u00a0форме.",
    offline: "Нет связи с\u00a0сервером. Проверьте подключение и\u00a0отправьте ещё раз — всё, что вы\u00a0ввели, осталось в\u00a0форме.",
    tooMany: "Слишком много отправок с\u00a0вашего адреса. Попробуйте ещё раз позже.",
    tooLarge: "Форма слишком большая. Резюме — не\u00a0больше 5 МБ.",
    wrongType: "Форма отправлена в\u00a0неподдерживаемом формате.",
    lengthRequired: "Форма отправлена без указания размера.",
    crossSite: "Форму можно отправить только со\u00a0страниц сайта.",
  },
} as const;
