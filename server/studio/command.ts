/**
 * Studio accounts from the command line, on the same store and configuration
 * as the server (DATA_DIR or DATABASE_URL):
 *   npm run studio -- user add LOGIN --role editor|admin|sales|hr [--name "Имя Фамилия"]
 *   npm run studio -- user passwd LOGIN
 *   npm run studio -- user remove LOGIN
 *   npm run studio -- user list
 *   npm run studio -- user two-factor-off LOGIN   (a lost phone: the second factor turned off, journaled)
 * The password is read from standard input, never from the command line
 * (argv is visible to every user of the machine): typed twice without echo
 * at a terminal, or the first line of a pipe:
 *   printf 'пароль\n' | npm run studio -- user add anna --role editor
 * Exit codes: 0 done, 1 refused or failed, 2 wrong usage.
 */
import { parseArgs } from "node:util";
import { leadsConfig } from "../leads/config.ts";
import { migrate } from "../leads/migrations.ts";
import { openDb } from "../leads/service.ts";
import { createAuditLog } from "./audit.ts";
import { studioConfig } from "./config.ts";
import { hashPassword, passwordProblem } from "./passwords.ts";
import { createSessionStore } from "./sessions.ts";
import { createUserStore, type ChangeContext, UserError } from "./users.ts";
import { createTwoFactorStore } from "./two-factor/store.ts";
import { isRole, ROLES } from "#core/studio/roles.ts";
import { loginProblem, nameProblem, normalizeLogin, normalizeName, RULE_MESSAGES } from "#core/studio/rules.ts";
import { readPassword } from "./read-password.ts";
import { inMoscow } from "#core/lib/moscow-time.ts";

const USAGE = `Использование:
  npm run studio -- user add ЛОГИН --role ${Object.keys(ROLES).join("|")} [--name "Имя Фамилия"]
  npm run studio -- user passwd ЛОГИН
  npm run studio -- user remove ЛОГИН
  npm run studio -- user list
  npm run studio -- user two-factor-off ЛОГИН   (отключить второй фактор, например, при потере телефона)
Пароль читается со стандартного ввода: введите его дважды или передайте первой строкой, например
  printf 'пароль\\n' | npm run studio -- user add anna --role editor`;

class UsageError extends Error {}
class Refused extends Error {}

const BY: ChangeContext = { actor: null, ip: null, via: "console" };

const { values, positionals } = (() => {
  try {
    return parseArgs({ allowPositionals: true, options: { role: { type: "string" }, name: { type: "string" }, help: { type: "boolean", short: "h" } } });
  } catch (error) {
    console.error(`${(error as Error).message}\n\n${USAGE}`);
    process.exit(2);
  }
})();

function loginArgument(): string {
  const login = normalizeLogin(positionals[2] ?? "");
  if (positionals.length !== 3) throw new UsageError("нужен ровно один логин");
  const problem = loginProblem(login);
  if (problem) throw new Refused(problem);
  return login;
}

async function newPassword(context: { login: string; name?: string }): Promise<string> {
  const password = await readPassword();
  const problem = passwordProblem(password, context);
  if (problem) throw new Refused(problem);
  return password;
}


async function run(): Promise<number> {
  if (values.help) {
    console.log(USAGE);
    return 0;
  }
  const [group, command] = positionals;
  if (group !== "user" || !command) throw new UsageError("неизвестная команда");
  const db = await openDb(leadsConfig());
  try {
    await migrate(db);
    const audit = createAuditLog(db);
    const users = createUserStore(db, audit, createSessionStore(db, studioConfig().session));
    if (command === "list") {
      if (positionals.length !== 2) throw new UsageError("list не принимает аргументов");
      const list = await users.list();
      if (list.length === 0) console.log("Пользователей пока нет. Добавьте первого: npm run studio -- user add ЛОГИН --role admin");
      for (const user of list) console.log(`${user.login}\t${ROLES[user.role]?.label ?? user.role}\t${user.name}\tс ${inMoscow(user.createdAt, "numeric")}`);
      return 0;
    }
    if (command === "add") {
      const login = loginArgument();
      const role = values.role ?? "";
      if (!isRole(role)) throw new Refused(`${RULE_MESSAGES.roleUnknown}: ${Object.keys(ROLES).join(", ")}`);
      const name = normalizeName(values.name ?? login);
      const nameError = nameProblem(name);
      if (nameError) throw new Refused(nameError);
      if (await users.find(login)) throw new UserError("exists");
      const password = await newPassword({ login, name });
      await users.create({ login, name, role, passwordHash: await hashPassword(password) }, BY);
      console.log(`Пользователь ${login} добавлен, роль: ${ROLES[role].label}.`);
      return 0;
    }
    if (command === "passwd") {
      const login = loginArgument();
      const user = await users.find(login);
      if (!user) throw new UserError("not-found");
      const password = await newPassword(user);
      await users.setPassword(login, await hashPassword(password), BY, false);
      console.log(`Пароль пользователя ${login} изменён; все его сессии завершены.`);
      return 0;
    }
    if (command === "two-factor-off") {
      const login = loginArgument();
      const user = await users.find(login);
      if (!user) throw new UserError("not-found");
      const turnedOff = await createTwoFactorStore(db, audit, studioConfig().twoFactorKey).disable(user, BY);
      console.log(turnedOff ? `Второй фактор пользователя ${login} отключён: он войдёт по паролю и сможет включить его снова в профиле.` : `У пользователя ${login} второй фактор не был включён.`);
      return 0;
    }
    if (command === "remove") {
      const login = loginArgument();
      await users.remove(login, null, BY);
      console.log(`Пользователь ${login} удалён; все его сессии завершены.`);
      return 0;
    }
    throw new UsageError(`неизвестная команда user ${command}`);
  } finally {
    await db.close();
  }
}

const REFUSALS: Record<UserError["code"], string> = {
  exists: "Пользователь с таким логином уже есть",
  "not-found": "Такого пользователя нет",
  "last-admin": "Это последний администратор: сначала назначьте администратором кого-то ещё",
  self: "Нельзя заблокировать самого себя",
  "owner-needed": "У пользователя есть заявки: передайте их другому ответственному в студии («Пользователи»)",
  "owner-invalid": "Этому пользователю нельзя передать заявки",
};

let code: number;
try {
  code = await run();
} catch (error) {
  if (error instanceof UsageError) {
    console.error(`Ошибка: ${error.message}.\n\n${USAGE}`);
    code = 2;
  } else if (error instanceof Refused) {
    console.error(`Ошибка: ${error.message}.`);
    code = 1;
  } else if (error instanceof UserError) {
    console.error(`Ошибка: ${REFUSALS[error.code]}.`);
    code = 1;
  } else {
    console.error(`Ошибка: ${(error as Error).message}`);
    code = 1;
  }
}
process.exit(code);
