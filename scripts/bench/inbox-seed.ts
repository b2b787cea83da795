import type { FormKind } from "#core/forms/kinds.ts";
import type { Db } from "../../server/leads/db.ts";
import type { Store } from "../../server/leads/store.ts";
import { addSearchWords, commentWords } from "../../server/leads/search-keys.ts";
import type { NewSubmission } from "../../server/leads/types.ts";
import type { SubmissionSeed } from "../../tests/support/inbox.ts";

/**
 * A year of an agency's submissions, the same on every run and backend (a
 * seeded generator): 60 % project requests, 25 % newsletter requests, 15 %
 * job applications (a fifth with a CV), Russian names, e-mails made from
 * them, mobile numbers, the site's pages, UTM sources, each kind's stages as
 * a team leaves them, owners for most requests and applications, and every
 * delivery done but a few dead-lettered. Written a thousand to a
 * transaction through the store's own insert.
 */
const FIRST_F = ["Анна", "Мария", "Елена", "Ольга", "Наталья", "Татьяна", "Ирина", "Екатерина", "Светлана", "Юлия", "Алёна", "Дарья", "Ксения", "Полина", "Ярослава"];
const FIRST_M = ["Иван", "Алексей", "Дмитрий", "Сергей", "Андрей", "Михаил", "Николай", "Павел", "Артём", "Егор", "Кирилл", "Максим", "Роман", "Олег", "Фёдор"];
const LAST = ["Смирнов", "Иванов", "Кузнецов", "Попов", "Васильев", "Петров", "Соколов", "Михайлов", "Новиков", "Фёдоров", "Морозов", "Волков", "Алексеев", "Лебедев", "Семёнов", "Егоров", "Павлов", "Козлов", "Степанов", "Николаев", "Орлов", "Андреев", "Макаров", "Никитин", "Захаров", "Зайцев", "Соловьёв", "Борисов", "Яковлев", "Григорьев"];
const PAGES = ["/contacts/", "/", "/services/seo/", "/services/context/", "/services/analytics/", "/services/smm/", "/services/web/", "/services/ecommerce-analytics/", "/industries/retail/", "/industries/fintech/", "/projects/", "/academy/", "/sub/", "/career/analyst/", "/career/designer/"];
const UTM = ["", "", "", "yandex", "yandex", "google", "vk", "telegram", "email", "partner"];
const COMPANIES = ["ООО «Север»", "АО «Технопарк»", "ИП Сидоров", "«Вкусвилл»", "ООО «Ромашка»", ""];
const MESSAGES = ["Нужна сквозная аналитика для интернет-магазина", "Хотим запустить контекстную рекламу", "Просим оценить SEO-аудит", "Интересует SMM на полгода", ""];
const DOMAINS = ["mail.ru", "yandex.ru", "gmail.com", "bk.ru", "company.example"];
const LATIN: Record<string, string> = { а: "a", б: "b", в: "v", г: "g", д: "d", е: "e", ё: "e", ж: "zh", з: "z", и: "i", й: "y", к: "k", л: "l", м: "m", н: "n", о: "o", п: "p", р: "r", с: "s", т: "t", у: "u", ф: "f", х: "h", ц: "ts", ч: "ch", ш: "sh", щ: "sch", ъ: "", ы: "y", ь: "", э: "e", ю: "yu", я: "ya" };

/** mulberry32: small, fast, and the same sequence everywhere. */
function generator(seed: number) {
  let a = seed;
  const next = () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const pick = <T>(list: readonly T[]) => list[Math.floor(next() * list.length)] as T;
  return { next, pick };
}

const latin = (text: string) => [...text.toLowerCase()].map((c) => LATIN[c] ?? c).join("");

type Make = (seed: SubmissionSeed) => NewSubmission;

/** Where a team leaves each kind's submissions, as cumulative shares; the rest stay in the first stage. */
const STAGE_SHARES: Record<FormKind, Array<[number, string]>> = {
  project: [[0.15, "qualification"], [0.25, "proposal"], [0.4, "contract"], [0.65, "rejected"], [0.7, "spam"]],
  job: [[0.15, "screening"], [0.25, "interview"], [0.3, "offer"], [0.4, "hired"], [0.7, "rejected"]],
  subscribe: [[0.2, "in-progress"], [0.65, "done"], [0.7, "spam"]],
  event: [[0.3, "confirmed"], [0.6, "attended"], [0.75, "rejected"], [0.78, "spam"]],
};

/**
 * Seeds `count` submissions; returns one of them (for timing a detail view). `owners`: ids of
 * studio users given most requests and applications, a share each, the first the most.
 */
export async function seedSubmissions(store: Store, db: Db, count: number, options: { cv: Uint8Array; make: Make; owners?: number[] }): Promise<{ id: string }> {
  const { next, pick } = generator(20_261_126);
  const yearAgo = Date.now() - 365 * 86_400_000;
  const statuses: Record<string, string[]> = {};
  const owned = new Map<number, string[]>();
  const dead: string[] = [];
  let sample = "";
  for (let start = 0; start < count; start += 1_000) {
    const batch: NewSubmission[] = [];
    for (let i = start; i < Math.min(count, start + 1_000); i++) {
      const roll = next();
      const form: FormKind = roll < 0.6 ? "project" : roll < 0.85 ? "subscribe" : "job";
      const female = next() < 0.5;
      const first = pick(female ? FIRST_F : FIRST_M);
      const last = pick(LAST) + (female ? "а" : "");
      const email = `${latin(first)}.${latin(last)}${Math.floor(next() * 1000)}@${pick(DOMAINS)}`;
      const phone = `+79${String(Math.floor(next() * 1e9)).padStart(9, "0")}`;
      const utm = pick(UTM);
      const s = options.make({
        form,
        createdAt: Math.floor(yearAgo + (i / count) * 365 * 86_400_000 + next() * 60_000),
        name: `${first} ${last}`,
        email,
        phone: form === "subscribe" ? "" : next() < 0.8 ? phone : "",
        company: pick(COMPANIES),
        message: pick(MESSAGES),
        page: form === "subscribe" ? pick(["/sub/", "/", "/academy/"]) : form === "job" ? pick(PAGES.slice(-2)) : pick(PAGES.slice(0, -3)),
        utm: utm ? { utm_source: utm, utm_medium: "cpc" } : {},
        file: form === "job" && next() < 0.2 ? { name: `Резюме ${last}.pdf`, type: "application/pdf", size: options.cv.byteLength, sha256: "seed", content: options.cv } : undefined,
        deliveries: form === "subscribe" ? [] : [{ channel: "webhook" }, { channel: "mail", payload: { to: "team@agency.example" } }],
      });
      const roll2 = next();
      const stage = STAGE_SHARES[form].find(([share]) => roll2 < share)?.[1];
      if (stage) (statuses[stage] ??= []).push(s.id);
      const owners = options.owners ?? [];
      if (form !== "subscribe" && owners.length > 0 && next() < 0.75) {
        const owner = owners[Math.min(owners.length - 1, Math.floor(next() * next() * owners.length))] as number;
        const list = owned.get(owner) ?? [];
        list.push(s.id);
        owned.set(owner, list);
      }
      if (form !== "subscribe" && next() < 0.005) dead.push(s.id);
      if (i === Math.floor(count / 2)) sample = s.id;
      batch.push(s);
    }
    await store.insertSubmissions(batch);
  }
  await db.query("UPDATE outbox SET status = 'delivered', attempts = 1, delivered_at = created_at + 1500");
  const inChunks = async (ids: string[], sql: (list: string) => string, first: unknown[] = []) => {
    for (let i = 0; i < ids.length; i += 500) {
      const chunk = ids.slice(i, i + 500);
      const list = chunk.map((_, j) => `$${first.length + j + 1}`).join(", ");
      await db.query(sql(list), [...(first as string[]), ...chunk]);
    }
  };
  for (const [status, ids] of Object.entries(statuses)) await inChunks(ids, (list) => `UPDATE submissions SET status = $1 WHERE id IN (${list})`, [status]);
  for (const [owner, ids] of owned) await inChunks(ids, (list) => `UPDATE submissions SET owner_id = $1 WHERE id IN (${list})`, [String(owner)]);
  // Each moved once from its first stage, a day after it came; the lost ones with a reason of their kind.
  await db.query(
    `INSERT INTO submission_status_history (submission_id, at, actor_login, from_status, to_status)
     SELECT id, created_at + 86400000, 'seed', 'new', status FROM submissions WHERE status <> 'new'`,
  );
  await db.query(
    `UPDATE submissions SET loss_reason = CASE WHEN status = 'spam' THEN 'Спам или ошибка' WHEN number % 3 = 0 THEN 'Другое' WHEN form = 'job' THEN 'Не подходит опыт' ELSE 'Дорого' END
     WHERE status IN ('rejected', 'spam')`,
  );
  // A comment on one in 50, found by its words.
  const commented = await db.query<{ id: string }>("SELECT id FROM submissions WHERE number % 50 = 0");
  for (const { id } of commented) {
    await db.query("INSERT INTO submission_comments (submission_id, at, author_login, author_name, body) VALUES ($1, $2, 'seed', 'Сид', $3)", [id, Date.now(), "Перезвонить после праздников"]);
    await addSearchWords(db, id, commentWords("Перезвонить после праздников"));
  }
  // Worked on within a day or two of coming; those still in their first stage were never touched.
  await db.query("UPDATE submissions SET touched_at = created_at + 86400000 WHERE status <> 'new'");
  await inChunks(dead, (list) => `UPDATE outbox SET status = 'dead', attempts = 8, last_error = 'HTTP 502' WHERE channel = 'webhook' AND submission_id IN (${list})`);
  // A year-old store has been vacuumed and analysed by autovacuum many times (visibility map
  // set for index-only scans, planner statistics); a copy filled a moment ago has not yet.
  if (db.backend === "postgres") await db.query("VACUUM ANALYZE");
  return { id: sample };
}
