// Reads the skills a server serves over MCP with the official TypeScript SDK, and checks
// what a SEP-2640 client relies on. Usage: node client.mjs <base-url> [--prompts]
// Prints one line per step; "ready" means: edit a skill now; the last line is "ok".
import { createHash } from "node:crypto";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { ResourceListChangedNotificationSchema } from "@modelcontextprotocol/sdk/types.js";

const [url, flag] = process.argv.slice(2);
const expectPrompts = flag === "--prompts";

function check(condition, message) {
  if (!condition) {
    throw new Error(message);
  }
}

const client = new Client({ name: "skills-node-test", version: "1.0.0" });
let changed;
const listChanged = new Promise((resolve) => (changed = resolve));
client.setNotificationHandler(ResourceListChangedNotificationSchema, () => changed());
await client.connect(new StreamableHTTPClientTransport(new URL(url + "/mcp")));

const tools = (await client.listTools()).tools.map((tool) => tool.name);
check(tools.includes("activate_skill"), "no activate_skill in " + tools);
console.log("tools " + tools.sort().join(","));

const resources = (await client.listResources()).resources;
const skillFiles = resources.filter((resource) => /^skill:\/\/[^/]+\/SKILL\.md$/.test(resource.uri));
check(skillFiles.length > 0, "no skill://<name>/SKILL.md resource");
check(resources.some((resource) => resource.uri === "skill://index.json"), "no skill://index.json");
console.log("resources " + resources.length);

if (expectPrompts) {
  const prompts = (await client.listPrompts()).prompts.map((prompt) => prompt.name);
  check(prompts.length === skillFiles.length, "prompts " + prompts + " for " + skillFiles.length + " skills");
  console.log("prompts " + prompts.sort().join(","));
}

for (const resource of skillFiles) {
  const contents = (await client.readResource({ uri: resource.uri })).contents[0];
  check(contents.mimeType === "text/markdown", resource.uri + " is " + contents.mimeType);
  const bytes = Buffer.from(contents.text, "utf8");
  const digest = "sha256:" + createHash("sha256").update(bytes).digest("hex");
  check(resource._meta && resource._meta.digest === digest, resource.uri + " digest " + digest + " vs listed " + JSON.stringify(resource._meta));
  check(resource._meta.size === bytes.length, resource.uri + " size " + bytes.length + " vs listed " + resource._meta.size);
  console.log("verified " + resource.uri);
}

const name = skillFiles[0].uri.slice("skill://".length, -"/SKILL.md".length);
const activation = await client.callTool({ name: "activate_skill", arguments: { skill_name: decodeURIComponent(name) } });
check(!activation.isError && activation.content[0].text.length > 0, "activate_skill failed: " + JSON.stringify(activation));
console.log("activated " + name);

console.log("ready");
const timeout = new Promise((_, reject) => setTimeout(() => reject(new Error("no resources/list_changed within 10 s")), 10000));
await Promise.race([listChanged, timeout]);
console.log("list_changed");
await client.close();
console.log("ok");
