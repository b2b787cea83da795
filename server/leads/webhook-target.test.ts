import { describe, expect, it } from "vitest";
import { isPublicAddress, webhookTargetProblem } from "./webhook-target.ts";

describe("where a webhook set in the studio may point", () => {
  it("refuses loopback, private, link-local and reserved addresses, of either family", () => {
    for (const address of ["127.0.0.1", "10.1.2.3", "172.20.0.1", "192.168.1.1", "169.254.169.254", "100.64.0.1", "0.0.0.0", "::1", "fd00::1", "fe80::1", "::ffff:127.0.0.1", "::ffff:10.0.0.1"]) {
      expect(isPublicAddress(address), address).toBe(false);
    }
    for (const address of ["93.184.216.34", "77.88.55.242", "2a02:6b8::2:242"]) expect(isPublicAddress(address), address).toBe(true);
  });

  it("wants https, no credentials, and a public host; LEADS_WEBHOOK_ALLOW_LOCAL lets tests use a local receiver", async () => {
    expect(await webhookTargetProblem("not a url", false)).toBe("invalid");
    expect(await webhookTargetProblem("ftp://crm.example/hook", false)).toBe("invalid");
    expect(await webhookTargetProblem("http://93.184.216.34/hook", false)).toBe("https");
    expect(await webhookTargetProblem("https://user:pass@93.184.216.34/hook", false)).toBe("credentials");
    expect(await webhookTargetProblem("https://127.0.0.1:8443/hook", false)).toBe("private");
    expect(await webhookTargetProblem("https://[::1]/hook", false)).toBe("private");
    expect(await webhookTargetProblem("https://169.254.169.254/latest/meta-data", false)).toBe("private");
    expect(await webhookTargetProblem("https://localhost/hook", false)).toBe("private");
    expect(await webhookTargetProblem("https://93.184.216.34/hook", false)).toBeNull();
    expect(await webhookTargetProblem("http://127.0.0.1:3000/hook", true)).toBeNull();
  });
});
