import { describe, expect, it } from "vitest";
import { FairQueue } from "./fair-queue.ts";

describe("the image pool's queue", () => {
  it("serves people in turn: one person's ten jobs make another wait behind one of them", () => {
    const queue = new FairQueue<string>();
    for (let i = 1; i <= 10; i++) queue.add("anna", `anna ${i}`);
    queue.add("pavel", "pavel 1");
    queue.add("pavel", "pavel 2");
    const order = Array.from({ length: 12 }, () => queue.take());
    expect(order.slice(0, 5)).toEqual(["anna 1", "pavel 1", "anna 2", "pavel 2", "anna 3"]);
    expect(order.slice(5)).toEqual(["anna 4", "anna 5", "anna 6", "anna 7", "anna 8", "anna 9", "anna 10"]);
    expect(queue.take()).toBeUndefined();
  });

  it("gives the next turn to someone else than the person just served, even when that person's job came first", () => {
    const queue = new FairQueue<string>();
    queue.add("anna", "anna 1");
    expect(queue.take()).toBe("anna 1");
    queue.add("anna", "anna 2");
    queue.add("pavel", "pavel 1");
    expect([queue.take(), queue.take()]).toEqual(["pavel 1", "anna 2"]);
  });

  it("lets a job that gave up waiting leave the queue, once", () => {
    const queue = new FairQueue<string>();
    queue.add("anna", "a");
    queue.add("pavel", "p");
    expect(queue.remove("a")).toBe(true);
    expect(queue.remove("a")).toBe(false);
    expect(queue.take()).toBe("p");
    expect(queue.drain()).toEqual([]);
  });

  it("serves the owner behind only when nobody else waits, however long ago it was served", () => {
    const queue = new FairQueue<string>("background");
    queue.add("background", "copy 1");
    queue.add("background", "copy 2");
    queue.add("anna", "anna 1");
    expect(queue.take()).toBe("anna 1");
    expect(queue.take()).toBe("copy 1");
    queue.add("anna", "anna 2");
    queue.add("pavel", "pavel 1");
    expect([queue.take(), queue.take(), queue.take(), queue.take()]).toEqual(["pavel 1", "anna 2", "copy 2", undefined]);
  });
});
