/**
 * The Mozilla HTTP Observatory scanner, run offline against the production
 * server on loopback, behind a TLS terminator with a throwaway self-signed
 * certificate (the scanner trusts it through NODE_EXTRA_CA_CERTS).
 *
 *   npm run observatory        # needs a build, openssl; exits 1 below the bar
 *
 * The scanner is installed on first use into node_modules/.cache/ from
 * scripts/observatory/package-lock.json, with --ignore-scripts: its install
 * scripts download the HSTS preload and TLD lists, and an empty preload list
 * is what an offline scan needs.
 */
import { execFile, execFileSync } from "node:child_process";
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { connect } from "node:net";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { createServer as createTlsServer } from "node:tls";
import { promisify } from "node:util";
import { freePort, startServer, stopServer } from "../tests/support/server.ts";

const execFileAsync = promisify(execFile);
const BAR = 120;
const TOOL_DIR = resolve("node_modules/.cache/mdn-observatory");
const SCANNER = join(TOOL_DIR, "node_modules/@mdn/mdn-http-observatory");

function installScanner() {
  const lock = readFileSync("scripts/observatory/package-lock.json", "utf8");
  const installedLock = join(TOOL_DIR, "package-lock.json");
  if (existsSync(join(SCANNER, "src/scan.js")) && existsSync(installedLock) && readFileSync(installedLock, "utf8") === lock) return;
  mkdirSync(TOOL_DIR, { recursive: true });
  copyFileSync("scripts/observatory/package.json", join(TOOL_DIR, "package.json"));
  writeFileSync(installedLock, lock);
  console.log("installing the scanner (once)…");
  execFileSync("npm", ["ci", "--ignore-scripts", "--no-audit", "--no-fund", "--loglevel=error"], { cwd: TOOL_DIR, stdio: "inherit" });
  writeFileSync(join(SCANNER, "conf/hsts-preload.json"), "{}\n");
}

function selfSignedCertificate(dir: string) {
  const key = join(dir, "key.pem");
  const cert = join(dir, "cert.pem");
  execFileSync("openssl", [
    "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "2", "-subj", "/CN=localhost",
    "-addext", "subjectAltName=DNS:localhost,IP:127.0.0.1", "-keyout", key, "-out", cert,
  ], { stdio: "ignore" });
  return { key, cert };
}

type Test = { result: string; pass: boolean; scoreModifier: number };
type ScanOutput = { scan: { score: number; grade: string; testsPassed: number; testsQuantity: number }; tests: Record<string, Test> };

installScanner();
const dir = mkdtempSync(join(tmpdir(), "observatory-"));
const { key, cert } = selfSignedCertificate(dir);
const [appPort, tlsPort] = [await freePort(), await freePort()];
const app = await startServer(appPort, { SITE_ORIGIN: `https://localhost:${tlsPort}` });

// TLS ends here and the bytes go on to the server, as behind a TLS-terminating balancer.
// "localhost" may resolve to either loopback address: listen on both.
const terminators = ["127.0.0.1", "::1"].map((address) => {
  const terminator = createTlsServer({ key: readFileSync(key), cert: readFileSync(cert) }, (client) => {
    const upstream = connect(appPort, "127.0.0.1");
    client.pipe(upstream).pipe(client);
    client.on("error", () => upstream.destroy());
    upstream.on("error", () => client.destroy());
  });
  terminator.listen(tlsPort, address);
  return terminator;
});

try {
  // Asynchronously: the TLS terminator lives in this process. The scanner's own
  // wrapper would replace NODE_EXTRA_CA_CERTS with Mozilla's bundle.
  const run = await execFileAsync(process.execPath, [join(SCANNER, "src/scan.js"), `localhost:${tlsPort}`], {
    env: { ...process.env, NODE_EXTRA_CA_CERTS: cert },
  }).catch((error: { stdout?: string }) => ({ stdout: error.stdout ?? '{"error":"no output"}' }));
  const output = JSON.parse(run.stdout) as ScanOutput | { error: string };
  if ("error" in output) throw new Error(`scan failed: ${output.error}`);
  const { scan, tests } = output;
  console.log(`\nMozilla HTTP Observatory (offline, https://localhost:${tlsPort}/)\n`);
  console.log("| test | result | score |\n| --- | --- | --- |");
  for (const [name, test] of Object.entries(tests)) {
    console.log(`| ${name} | ${test.result}${test.pass ? "" : " (fail)"} | ${test.scoreModifier > 0 ? "+" : ""}${test.scoreModifier} |`);
  }
  console.log(`\nscore ${scan.score}, grade ${scan.grade}, ${scan.testsPassed}/${scan.testsQuantity} tests passed (bar: ${BAR})`);
  process.exitCode = scan.score >= BAR ? 0 : 1;
} finally {
  for (const terminator of terminators) terminator.close();
  await stopServer(app);
  rmSync(dir, { recursive: true, force: true });
}
