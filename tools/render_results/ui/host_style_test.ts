/**
 * The height the view reports to the host.
 */

import assert from "node:assert/strict";
import { reportedHeight } from "./host_style.ts";

Deno.test("the reported height is the content's, never above a fixed or maximum height", () => {
  assert.equal(reportedHeight({}, 812.2), 813);
  assert.equal(reportedHeight({ containerDimensions: { maxHeight: 600 } }, 812), 600);
  assert.equal(reportedHeight({ containerDimensions: { height: 300 } }, 812), 300);
  assert.equal(reportedHeight({ containerDimensions: { height: 300 } }, 120), 120);
  assert.equal(reportedHeight({ containerDimensions: { width: 500 } }, 812), 812);
});
