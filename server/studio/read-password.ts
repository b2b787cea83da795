import { stdin, stderr } from "node:process";
import { RULE_MESSAGES } from "#core/studio/rules.ts";

/**
 * A new password from standard input. At a terminal: asked twice, nothing
 * echoed. From a pipe: the first line (only its line break is removed; spaces
 * are part of a password).
 */
export async function readPassword(): Promise<string> {
  if (!stdin.isTTY) return firstLine(await readAll());
  const first = await ask("Пароль: ");
  const second = await ask("Ещё раз: ");
  if (first !== second) throw new Error(RULE_MESSAGES.passwordMismatch);
  return first;
}

async function readAll(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of stdin as AsyncIterable<Buffer>) chunks.push(chunk);
  return Buffer.concat(chunks).toString("utf8");
}

function firstLine(text: string): string {
  const end = text.search(/\r?\n/);
  return end === -1 ? text : text.slice(0, end);
}

/** One line typed without echo (raw mode): Enter ends it, Backspace erases, Ctrl+C aborts. */
function ask(prompt: string): Promise<string> {
  stderr.write(prompt);
  stdin.setRawMode(true);
  stdin.resume();
  stdin.setEncoding("utf8");
  return new Promise((resolve, reject) => {
    let typed = "";
    const done = (error?: Error) => {
      stdin.off("data", onData);
      stdin.setRawMode(false);
      stdin.pause();
      stderr.write("\n");
      if (error) reject(error);
      else resolve(typed);
    };
    const onData = (chunk: string) => {
      for (const char of chunk) {
        if (char === "\r" || char === "\n") return done();
        if (char === "\u0003") return done(new Error("прервано"));
        if (char === "\u007f" || char === "\b") typed = [...typed].slice(0, -1).join("");
        else typed += char;
      }
    };
    stdin.on("data", onData);
  });
}
