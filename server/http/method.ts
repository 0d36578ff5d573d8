/**
 * The method step of `/mcp`: the stateless endpoint takes POST only. GET would open a stream of
 * server messages and DELETE would end a session; neither exists here.
 * @module
 */

import { HTTP_ERROR, jsonRpcErrorResponse } from "./json_rpc_error.ts";
import type { Step } from "./steps.ts";

/** Hands POST on; answers any other method 405 with `Allow`. */
export const postOnly: Step = (context, next) => {
  if (context.request.method === "POST") return next();
  return Promise.resolve(jsonRpcErrorResponse(
    405,
    HTTP_ERROR,
    "Method not allowed: this stateless server takes POST only.",
    { headers: { Allow: "POST, OPTIONS" } },
  ));
};
