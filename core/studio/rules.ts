/**
 * What an account may look like, checked in the browser (as the person types)
 * and again on the server, with the same Russian words. Passwords follow
 * OWASP ASVS 4.0.3 level 2 (V2.1): 12 to 128 characters, any characters
 * (spaces and emoji included), no composition rules; the server also refuses
 * common and context words (server/studio/passwords.ts), which the browser
 * cannot know.
 */
export const LOGIN_PATTERN = /^[a-z0-9][a-z0-9._-]{1,31}$/;
export const NAME_MAX = 100;
export const PASSWORD_MIN = 12;
export const PASSWORD_MAX = 128;

export const RULE_MESSAGES = {
  loginRequired: "Укажите логин",
  loginFormat: "Логин — от 2 до 32 латинских букв, цифр, точек, дефисов и подчёркиваний; первый знак — буква или цифра",
  nameRequired: "Укажите имя",
  nameLong: `Имя длиннее ${NAME_MAX} символов`,
  nameControl: "В имени есть невидимые управляющие символы",
  passwordRequired: "Введите пароль",
  passwordShort: `Пароль короче ${PASSWORD_MIN} символов`,
  passwordLong: `Пароль длиннее ${PASSWORD_MAX} символов`,
  passwordCommon: "Этот пароль слишком распространён или легко угадывается — придумайте другой",
  passwordMismatch: "Пароли не совпадают",
  roleUnknown: "Выберите роль из списка",
} as const;

/** Logins are compared lower-case and without surrounding spaces. */
export function normalizeLogin(login: string): string {
  return login.trim().toLowerCase();
}

export function loginProblem(login: string): string | null {
  const value = normalizeLogin(login);
  if (value === "") return RULE_MESSAGES.loginRequired;
  return LOGIN_PATTERN.test(value) ? null : RULE_MESSAGES.loginFormat;
}

export function normalizeName(name: string): string {
  return name.normalize("NFC").trim().replace(/\s+/g, " ");
}

export function nameProblem(name: string): string | null {
  const value = normalizeName(name);
  if (value === "") return RULE_MESSAGES.nameRequired;
  if ([...value].length > NAME_MAX) return RULE_MESSAGES.nameLong;
  if (/[\u0000-\u001f\u007f-\u009f\u200b-\u200f\u202a-\u202e\u2066-\u2069]/.test(value)) return RULE_MESSAGES.nameControl;
  return null;
}

/** Length in characters as a person counts them (an emoji is one), per ASVS V2.1.1–2.1.2. */
export function passwordLengthProblem(password: string): string | null {
  if (password === "") return RULE_MESSAGES.passwordRequired;
  const length = [...password.normalize("NFC")].length;
  if (length < PASSWORD_MIN) return RULE_MESSAGES.passwordShort;
  if (length > PASSWORD_MAX) return RULE_MESSAGES.passwordLong;
  return null;
}
