// Runs the shared view-patch cases against the web app's match/patch.js (under node):
// node view_patch_cases.mjs <patch.js> <cases.json>; prints one line per failure.
import { readFileSync } from "node:fs";
import { isDeepStrictEqual } from "node:util";
import { pathToFileURL } from "node:url";

const [modulePath, casesPath] = process.argv.slice(2);
const { applyPatch, PatchError } = await import(pathToFileURL(modulePath).href);
const cases = JSON.parse(readFileSync(casesPath, "utf8"));
let failed = 0;
for (const c of cases) {
  const old = structuredClone(c.old);
  try {
    const got = applyPatch(old, c.patch, c.events || []);
    if (c.error) throw new Error("accepted a patch that does not fit");
    if (!isDeepStrictEqual(got, c.new)) throw new Error(`gave ${JSON.stringify(got)}`);
    if (!isDeepStrictEqual(old, c.old)) throw new Error("changed the old value");
  } catch (problem) {
    if (c.error && problem instanceof PatchError) continue;
    failed += 1;
    console.log(`${c.name}: ${problem.message}`);
  }
}
console.log(`${cases.length - failed}/${cases.length} cases`);
process.exit(failed ? 1 : 0);
