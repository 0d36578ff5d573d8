/**
 * The list of steps: run in order, ended by the first that answers, each able to change the
 * answer on its way back; and a wait that gives up when the request's deadline passes.
 */

import assert from "node:assert/strict";
import { type RequestContext, runSteps, type Step, untilAborted } from "./steps.ts";

function context(): RequestContext {
  const request = new Request("http://127.0.0.1/mcp");
  return { request, url: new URL(request.url), signal: new AbortController().signal };
}

Deno.test("steps run in order until one answers, and may change the answer on its way back", async () => {
  const ran: string[] = [];
  const passOn = (name: string): Step => async (_, next) => {
    ran.push(name);
    const response = await next();
    response.headers.append("x-seen-by", name);
    return response;
  };
  const answer: Step = () => (ran.push("answer"), Promise.resolve(new Response("answered")));
  const never: Step = () => (ran.push("never"), Promise.resolve(new Response("too late")));
  const response = await runSteps([passOn("first"), passOn("second"), answer, never], context());
  assert.equal(await response.text(), "answered");
  assert.equal(response.headers.get("x-seen-by"), "second, first");
  assert.deepEqual(ran, ["first", "second", "answer"]);
});

Deno.test("a last step that hands the request on is an error, not a silent answer", async () => {
  await assert.rejects(
    runSteps([(_, next) => next()], context()),
    /The last step handed the request on\./,
  );
});

Deno.test("a wait gives up with the signal's reason when it aborts first", async () => {
  const controller = new AbortController();
  assert.equal(await untilAborted(controller.signal, Promise.resolve("done")), "done");
  const reason = new Error("deadline");
  const waiting = untilAborted(controller.signal, new Promise(() => {}));
  controller.abort(reason);
  await assert.rejects(waiting, (error) => error === reason);
  await assert.rejects(
    untilAborted(controller.signal, Promise.resolve("late")),
    (error) => error === reason,
  );
  await assert.rejects(
    untilAborted(new AbortController().signal, Promise.reject(new Error("failed"))),
    /failed/,
  );
});
