/** A Yandex Metrica counter's number, as the server's variable, «Настройки» and the pages' runtime configuration accept it. */
export const METRIKA_ID = /^\d{1,12}$/;
