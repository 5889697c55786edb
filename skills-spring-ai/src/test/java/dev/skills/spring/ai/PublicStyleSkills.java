package dev.skills.spring.ai;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Writes skills in the forms real public skill collections use (CONFORMANCE.md,
 * "real-world deviations"): block and quoted descriptions, tool lists as YAML lists,
 * nested metadata, extra fields, unquoted colons, a missing name, CRLF, a byte order
 * mark, non-ASCII text, long descriptions, comments, lower-case {@code skill.md}, bundled
 * scripts and references. Every one of them must load. The collections themselves cannot
 * be fetched where the tests run, and their text is not ours to copy; these stand in for
 * them.
 */
public final class PublicStyleSkills {

	/** How many forms the skills cycle through. */
	public static final int FORMS = 16;

	private static final String[] TOPICS = { "spreadsheet formulas", "slide decks", "git history", "SQL migrations",
			"Kubernetes manifests", "changelogs", "accessibility audits", "invoice reconciliation", "API docs",
			"flaky tests", "Terraform plans", "meeting notes", "brand guidelines", "log triage" };

	private PublicStyleSkills() {
	}

	/**
	 * Write {@code count} skills below a folder, 100 to a collection folder.
	 * @param root the folder
	 * @param count how many skills
	 * @throws IOException when a file cannot be written
	 */
	public static void write(Path root, int count) throws IOException {
		for (int i = 0; i < count; i++) {
			String name = "pub-%04d".formatted(i);
			Path folder = root.resolve("collection-%02d".formatted(i / 100)).resolve(name);
			Files.createDirectories(folder);
			String topic = TOPICS[i % TOPICS.length];
			int form = i % FORMS;
			String fileName = (form == 14) ? "skill.md" : "SKILL.md";
			byte[] bytes = skill(form, name, topic).getBytes(StandardCharsets.UTF_8);
			if (form == 11) {
				bytes = withBom(bytes);
			}
			Files.write(folder.resolve(fileName), bytes);
			if (form == 15) {
				Files.createDirectories(folder.resolve("scripts"));
				Files.createDirectories(folder.resolve("references"));
				Files.writeString(folder.resolve("scripts/run.py"), "print('ok')\n");
				Files.writeString(folder.resolve("references/GUIDE.md"), "# Guide\n");
			}
		}
	}

	private static String skill(int form, String name, String topic) {
		String body = "# " + topic + "\n\nRun `${CLAUDE_SKILL_DIR}/scripts/run.py` from {baseDir}.\n";
		return switch (form) {
			case 0 -> frontmatter("name: " + name, "description: Works with " + topic + ".", "license: MIT") + body;
			case 1 -> frontmatter("name: " + name, "description: >", "  Works with " + topic + " end to end,",
					"  from the first draft to the review.") + body;
			case 2 -> frontmatter("name: " + name, "description: |", "  Works with " + topic + ".",
					"  Use it when the user mentions " + topic + ".") + body;
			case 3 -> frontmatter("name: \"" + name + "\"",
					"description: \"Works with \\\"" + topic + "\\\" and their\\tquirks.\"") + body;
			case 4 ->
				frontmatter("name: " + name, "description: Works with " + topic + ".", "allowed-tools: [Read, Bash]")
						+ body;
			case 5 -> frontmatter("name: " + name, "description: Works with " + topic + ".", "allowed-tools:",
					"  - Read", "  - Write", "  - Bash(git:*)") + body;
			case 6 -> frontmatter("name: " + name, "description: Works with " + topic + ".", "metadata:",
					"  version: 1.10", "  keywords: [" + topic + ", automation]", "  clawdbot:", "    emoji: x") + body;
			case 7 ->
				frontmatter("name: " + name, "description: Use this skill when: the user asks about " + topic) + body;
			case 8 -> frontmatter("description: Works with " + topic + "; the folder names it.") + body;
			case 9 -> frontmatter("name: " + name, "description: Works with " + topic + ".",
					"when_to_use: When " + topic + " come up.", "version: 2.1.0", "author: Someone",
					"tags: [" + topic + "]", "argument-hint: <file>", "disable-model-invocation: false") + body;
			case 10 -> (frontmatter("name: " + name, "description: Works with " + topic + " (CRLF).") + body)
				.replace("\n", "\r\n");
			case 11 -> frontmatter("name: " + name, "description: Works with " + topic + " (with a BOM).") + body;
			case 12 ->
				frontmatter("name: " + name, "description: Travaille avec les données de " + topic + " — 日本語のメモも 📊.")
						+ body;
			case 13 -> frontmatter("name: " + name,
					"description: Works with " + topic + ", splitting on --- lines. " + "Detail. ".repeat(235)) + body;
			case 14 -> frontmatter("# a comment", "name: " + name, "description: Works with " + topic + ".") + body;
			default -> frontmatter("name: " + name, "description: `" + topic + "` with bundled scripts.") + body;
		};
	}

	private static String frontmatter(String... lines) {
		return "---\n" + String.join("\n", lines) + "\n---\n";
	}

	private static byte[] withBom(byte[] bytes) {
		byte[] marked = new byte[bytes.length + 3];
		marked[0] = (byte) 0xEF;
		marked[1] = (byte) 0xBB;
		marked[2] = (byte) 0xBF;
		System.arraycopy(bytes, 0, marked, 3, bytes.length);
		return marked;
	}

}
