// Reads the skills a server serves with the MCP Skills Extension on protocol 2026-07-28, with the
// official TypeScript SDK v2 client and its SkillsClient (which verifies every file's size, digest
// and, for SKILL.md, frontmatter against the entry). Usage:
//   node skills-client.mjs <endpoint-url> <expected-skill-count> <jar-skill-name>
// Prints one line per step; "ready" means: edit a skill now; the last line is "ok".
import { Client, StreamableHTTPClientTransport } from "@modelcontextprotocol/client";
import { SkillsClient } from "@modelcontextprotocol/client/ext/skills";
import { ListSkillsResultSchema } from "@modelcontextprotocol/core/ext/skills";

const [url, expected, jarSkill] = process.argv.slice(2);

function check(condition, message) {
  if (!condition) {
    throw new Error(message);
  }
}

const client = new Client(
  { name: "skills-node-test-v2", version: "1.0.0" },
  { versionNegotiation: { mode: { pin: "2026-07-28" } } },
);
await client.connect(new StreamableHTTPClientTransport(new URL(url)));
console.log("protocol " + client.getNegotiatedProtocolVersion());
const skills = new SkillsClient(client);
check(skills.supported, "the server does not declare io.modelcontextprotocol/skills");
check(skills.directoryRead, "the server does not declare directoryRead");

const listing = await skills.list();
check(listing.invalid.length === 0, "invalid entries " + JSON.stringify(listing.invalid));
check(listing.skills.length === Number(expected), "listed " + listing.skills.length + " skills, expected " + expected);
check(listing.ttlMs !== undefined && listing.cacheScope !== undefined, "no ttlMs/cacheScope");
// The first page alone, then the rest cursor by cursor: pagination as the server gives it.
let pages = 0;
let seen = 0;
let cursor;
do {
  const page = await client.request({ method: "skills/list", params: cursor === undefined ? {} : { cursor } },
    ListSkillsResultSchema);
  pages++;
  seen += page.skills.length;
  cursor = page.nextCursor;
} while (cursor !== undefined);
check(seen === listing.skills.length, "pages held " + seen + " skills");
console.log("listed " + listing.skills.length + " skills in " + pages + " pages");

for (const entry of listing.skills) {
  const { skill } = await skills.get(entry.uri);
  check(JSON.stringify(skill) === JSON.stringify(entry), "skills/get differs from the listing for " + entry.uri);
  const file = await skills.read(skill);
  check(file.verified && file.frontmatter.name === skill.frontmatter.name, "not verified: " + entry.uri);
  for (const resource of skill.resources) {
    if (resource.uri !== skill.uri) {
      const bundled = await skills.read(skill, resource.uri);
      check(bundled.verified, "not verified: " + resource.uri);
    }
  }
  console.log("verified " + skill.uri);
}
check(listing.skills.some((skill) => skill.frontmatter.name === jarSkill), "no jar skill " + jarSkill);

const root = await skills.readDirectory("skill://pdf-processing");
console.log("directory " + root.resources.map((child) => child.name + ":" + child.mimeType).sort().join(","));

for (const uri of [
  "skill://../etc/SKILL.md",
  "skill://pdf-processing/../haiku-writer/SKILL.md",
  "skill://%2e%2e/SKILL.md",
  "skill://skill-authoring/SKILL.md",
  "skill://pdf-processing/" + "a/".repeat(3000) + "SKILL.md",
]) {
  try {
    await skills.get(uri);
    throw new Error("no error for skills/get " + uri.slice(0, 80));
  } catch (error) {
    check(error.code === -32602, "skills/get " + uri.slice(0, 80) + ": " + error);
  }
}
try {
  await client.readResource({ uri: "skill://pdf-processing/references/../../haiku-writer/SKILL.md" });
  throw new Error("no error for an escaping resources/read");
} catch (error) {
  check(error.code === -32602, "resources/read escaping: " + error);
}
console.log("refused escaping names");

let changed;
const listChanged = new Promise((resolve) => (changed = resolve));
client.setNotificationHandler("notifications/resources/list_changed", () => changed());
const subscription = await client.listen({ resourcesListChanged: true });
check(subscription.honoredFilter.resourcesListChanged === true, "not subscribed: " + JSON.stringify(subscription.honoredFilter));
console.log("ready");
const timeout = new Promise((_, reject) => setTimeout(() => reject(new Error("no resources/list_changed within 10 s")), 10000));
await Promise.race([listChanged, timeout]);
const after = await skills.list();
const haiku = after.skills.find((skill) => skill.frontmatter.name === "haiku-writer");
const read = await skills.read(haiku);
check(read.body.includes("5-7-5"), "the edit is not served: " + read.body);
console.log("reloaded");
await subscription.close();
await client.close();
console.log("ok");
