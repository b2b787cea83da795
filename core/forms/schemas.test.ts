import { describe, expect, it } from "vitest";
import { docx, pdf } from "../../tests/support/cv-files.ts";
import { MESSAGES as M } from "./messages.ts";
import { checkCvContent, eventSchema, fieldErrors, jobSchema, projectSchema, readForm, subscribeSchema } from "./schemas.ts";

const form = (entries: Record<string, string | string[] | File>) => {
  const data = new FormData();
  for (const [name, value] of Object.entries(entries)) {
    for (const v of Array.isArray(value) ? value : [value]) data.append(name, v);
  }
  return data;
};

const project = projectSchema(["seo", "aso"]);

describe("project request", () => {
  const valid = { name: " Анна ", phone: "8 912 345 67 89", consent: "yes", services: ["seo"], budget: "1m-3m", page: "/contacts/", utm_source: "ya" };

  it("normalises what the visitor typed", () => {
    const result = project.safeParse(readForm("project", form(valid)));
    expect(result.success).toBe(true);
    expect(result.data).toMatchObject({ name: "Анна", phone: "+79123456789", email: "", services: ["seo"], budget: "1m-3m", consent: true, newsletter: false, utm: { utm_source: "ya" } });
  });

  it("asks for a phone or an e-mail, on both fields", () => {
    const result = project.safeParse(readForm("project", form({ ...valid, phone: "" })));
    expect(fieldErrors(result.error!)).toMatchObject({ phone: M.contact, email: M.contact });
  });

  it("reports every bad field at once, in Russian", () => {
    const result = project.safeParse(readForm("project", form({ name: "", phone: "12", email: "not-an-email", services: ["ppc"], budget: "a lot", message: "x".repeat(5001) })));
    expect(fieldErrors(result.error!)).toEqual({
      name: M.name.required,
      phone: M.phone.invalid,
      email: M.email.invalid,
      services: M.services.unknown,
      budget: M.budget.unknown,
      message: M.message.long,
      consent: M.consent.processing,
    });
  });
});

describe("job application", () => {
  const cv = new File([pdf() as BlobPart], "cv.pdf", { type: "application/pdf" });
  const valid = { position: "data-analyst", name: "Иван", email: "ivan@example.ru", phone: "+7 912 345-67-89", consent: "yes" };

  it("takes a file or a link", () => {
    expect(jobSchema.safeParse(readForm("job", form({ ...valid, cv }))).success).toBe(true);
    expect(jobSchema.safeParse(readForm("job", form({ ...valid, cvLink: "https://disk.example/cv" }))).success).toBe(true);
    const neither = jobSchema.safeParse(readForm("job", form(valid)));
    expect(fieldErrors(neither.error!)).toEqual({ cv: M.cv.required });
  });

  it("treats an empty file input as no file", () => {
    const empty = new File([], "", { type: "application/octet-stream" });
    const result = jobSchema.safeParse(readForm("job", form({ ...valid, cv: empty })));
    expect(fieldErrors(result.error!)).toEqual({ cv: M.cv.required });
  });

  it("refuses large files and foreign extensions", () => {
    const large = new File([new Uint8Array(5 * 1024 * 1024 + 1)], "cv.pdf");
    expect(fieldErrors(jobSchema.safeParse(readForm("job", form({ ...valid, cv: large }))).error!)).toEqual({ cv: M.cv.tooLarge });
    const exe = new File([pdf() as BlobPart], "cv.exe");
    expect(fieldErrors(jobSchema.safeParse(readForm("job", form({ ...valid, cv: exe }))).error!)).toEqual({ cv: M.cv.wrongType });
    expect(fieldErrors(jobSchema.safeParse(readForm("job", form({ ...valid, cvLink: "javascript:alert(1)" }))).error!)).toMatchObject({ cvLink: M.cvLink.invalid });
  });

  it("requires e-mail and phone", () => {
    const result = jobSchema.safeParse(readForm("job", form({ ...valid, email: "", phone: "", cvLink: "https://x.example/cv" })));
    expect(fieldErrors(result.error!)).toEqual({ email: M.email.required, phone: M.phone.required });
  });

  it("checks the file's content, not its name", async () => {
    expect(await checkCvContent(new File([docx() as BlobPart], "cv.docx"))).toBeNull();
    expect(await checkCvContent(new File(["just text"], "cv.docx"))).toBe(M.cv.unreadable);
  });
});

describe("subscription", () => {
  it("needs an e-mail and the newsletter consent", () => {
    const result = subscribeSchema.safeParse(readForm("subscribe", form({ email: "" })));
    expect(fieldErrors(result.error!)).toEqual({ email: M.email.required, consent: M.consent.newsletter });
    expect(subscribeSchema.safeParse(readForm("subscribe", form({ email: "a@b.ru", consent: "yes" }))).success).toBe(true);
  });
});

describe("event registration", () => {
  const valid = { event: "webinar-media-plan-2027", name: " Ольга ", email: "Olga@Mail.example", phone: "8 912 000 11 22", consent: "yes", page: "/lp/media-plan/" };

  it("takes a name, an e-mail and consent for an event still open; the phone and the company are optional", () => {
    const result = eventSchema(["webinar-media-plan-2027"]).safeParse(readForm("event", form(valid)));
    expect(result.success).toBe(true);
    expect(result.data).toMatchObject({ event: "webinar-media-plan-2027", name: "Ольга", phone: "+79120001122", company: "", consent: true });
    expect(eventSchema(["webinar-media-plan-2027"]).safeParse(readForm("event", form({ ...valid, phone: "" }))).success).toBe(true);
  });

  it("refuses an event that is over or unknown, and says so in words", () => {
    const result = eventSchema(["another-event"]).safeParse(readForm("event", form(valid)));
    expect(fieldErrors(result.error!)).toEqual({ event: M.event.closed });
  });

  it("asks for every missing field at once; the browser, with no list of events, checks only that one is named", () => {
    const result = eventSchema(null).safeParse(readForm("event", form({ event: "", page: "/lp/x/" })));
    expect(fieldErrors(result.error!)).toEqual({ event: M.event.closed, name: M.name.required, email: M.email.required, consent: M.consent.event });
    expect(eventSchema(null).safeParse(readForm("event", form(valid))).success).toBe(true);
  });
});
