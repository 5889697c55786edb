package dev.skills.benchmarks;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The routing evaluation set: the skills its requests need (written with their requests
 * in {@code routing-eval/targets.txt}), among generated skills of a company's other
 * teams, all written in the forms public collections use (folded and literal block
 * descriptions, quoted values, tool lists, nested metadata, extra fields, CRLF, a byte
 * order mark, lower-case {@code skill.md}, comments, bundled files), the forms of the
 * tests' {@code PublicStyleSkills}.
 */
final class RoutingEvalSet {

	private static final String[] AREAS = { "billing", "search", "checkout", "inventory", "shipping", "payroll", "crm",
			"analytics", "mobile-app", "web-app", "warehouse", "auth-service", "notifications", "support-desk",
			"marketing-site", "design-system", "ml-pipeline", "device-fleet", "video", "chat", "calendar", "maps",
			"docs-portal", "partner-api", "hr-portal", "wiki", "forum", "ledger", "pricing", "recommendations" };

	// Kinds of team skills: name suffix, description and body, with %s for the area.
	private static final String[][] KINDS = {
			{ "runbook", "Operational runbook for the %s system: restarts, failover and known alerts.",
					"Restart the pods, check the dashboard, and page the owner if errors persist." },
			{ "style-guide", "House writing conventions for %s documentation.",
					"Use sentence case headings, short paragraphs and the product names as written." },
			{ "schema", "Describes the data model of %s and its tables.",
					"Each table lists its columns, keys and the services that write to it." },
			{ "metrics", "Defines the KPIs of %s and how they are computed.",
					"Daily active users, conversion and retention, with the query behind each number." },
			{ "release-checklist", "Steps to ship a new version of %s.",
					"Freeze, tag, deploy to staging, smoke test, deploy, announce." },
			{ "glossary", "Terms used by the %s team.", "Every term with a one-line definition and an example." },
			{ "test-data", "Generates fixtures and sample records for %s.",
					"Fake names, addresses and orders that pass validation." },
			{ "api-client", "Calls the %s internal API with the right authentication.",
					"Get a service token, set the tenant header, retry idempotent calls." },
			{ "alerts", "Explains the monitoring alerts of %s.",
					"What each alert means, the dashboard to open and the first thing to check." },
			{ "access-requests", "Grants and reviews access to %s.",
					"Check the manager approval, grant the smallest role, review every quarter." },
			{ "migration-plan", "Plans moving %s to the new platform.",
					"Inventory, dual running, cut-over weekend, rollback criteria." },
			{ "faq", "Answers common questions customers ask about %s.",
					"Short answers, links to the help centre, escalate anything about money." },
			{ "cost-report", "Monthly spending summary for %s.",
					"Compute, storage and licences per team, compared with the budget." },
			{ "roadmap", "Summarises planned work for %s.", "Now, next and later, with the owner of each item." },
			{ "incident-history", "Past incidents of %s and their fixes.",
					"Date, impact, cause and the change that fixed it." },
			{ "code-owners", "Who owns which part of the %s code base.",
					"Folders, owning team and the reviewers to ask." } };

	/** The forms the skills cycle through. */
	static final int FORMS = 16;

	private final List<Target> targets;

	private RoutingEvalSet(List<Target> targets) {
		this.targets = List.copyOf(targets);
	}

	/**
	 * Read the targets and their requests from the class path.
	 * @return the set
	 */
	static RoutingEvalSet load() {
		try (InputStream in = RoutingEvalSet.class.getResourceAsStream("/routing-eval/targets.txt")) {
			return new RoutingEvalSet(parse(new String(in.readAllBytes(), StandardCharsets.UTF_8)));
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
	}

	List<Target> targets() {
		return this.targets;
	}

	/**
	 * Every request, each with the skill it needs.
	 * @return the requests
	 */
	List<Request> requests() {
		List<Request> requests = new ArrayList<>();
		for (Target target : this.targets) {
			target.asks().forEach((ask) -> requests.add(new Request(ask, target.name(), false)));
			target.bodyAsks().forEach((ask) -> requests.add(new Request(ask, target.name(), true)));
		}
		return requests;
	}

	/**
	 * Every follow-up pair, each with the skill it needs.
	 * @return the pairs
	 */
	List<FollowUp> followUps() {
		List<FollowUp> pairs = new ArrayList<>();
		for (Target target : this.targets) {
			target.followUps().forEach((pair) -> pairs.add(new FollowUp(pair[0], pair[1], target.name())));
		}
		return pairs;
	}

	/**
	 * Write every skill below a new temporary folder: the targets, then the generated
	 * team skills, in collection folders of 100.
	 * @return the folder
	 */
	Path write() {
		try {
			Path root = Files.createTempDirectory("skills-routing-eval");
			int i = 0;
			for (Target target : this.targets) {
				write(root, i++, target.name(), target.description(), target.body());
			}
			for (String area : AREAS) {
				for (String[] kind : KINDS) {
					write(root, i++, area + "-" + kind[0], kind[1].formatted(area.replace('-', ' ')),
							"# " + area + " " + kind[0].replace('-', ' ') + "\n\n" + kind[2] + "\n");
				}
			}
			return root;
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
	}

	/**
	 * How many skills {@link #write()} writes.
	 * @return the count
	 */
	int skillCount() {
		return this.targets.size() + AREAS.length * KINDS.length;
	}

	private static void write(Path root, int i, String name, String description, String body) throws IOException {
		Path folder = root.resolve("collection-%02d".formatted(i / 100)).resolve(name);
		Files.createDirectories(folder);
		int form = i % FORMS;
		String text = skill(form, name, description, body);
		byte[] bytes = text.getBytes(StandardCharsets.UTF_8);
		if (form == 11) {
			byte[] marked = new byte[bytes.length + 3];
			marked[0] = (byte) 0xEF;
			marked[1] = (byte) 0xBB;
			marked[2] = (byte) 0xBF;
			System.arraycopy(bytes, 0, marked, 3, bytes.length);
			bytes = marked;
		}
		Files.write(folder.resolve((form == 14) ? "skill.md" : "SKILL.md"), bytes);
		if (form == 15) {
			Files.createDirectories(folder.resolve("scripts"));
			Files.writeString(folder.resolve("scripts/run.py"), "print('ok')\n");
		}
	}

	// The forms of PublicStyleSkills, with the skill's own description and body.
	private static String skill(int form, String name, String description, String body) {
		String sentence = description.endsWith(".") ? description.substring(0, description.length() - 1) : description;
		String topic = name.replace('-', ' ');
		return switch (form) {
			case 0 -> frontmatter("name: " + name, "description: " + description, "license: MIT") + body;
			case 1 -> frontmatter("name: " + name, "description: >", "  " + sentence + ",",
					"  from the first draft to the review.") + body;
			case 2 -> frontmatter("name: " + name, "description: |", "  " + description,
					"  Use it when the user mentions " + topic + ".") + body;
			case 3 ->
				frontmatter("name: \"" + name + "\"", "description: \"" + description.replace("\"", "\\\"") + "\"")
						+ body;
			case 4 -> frontmatter("name: " + name, "description: " + description, "allowed-tools: [Read, Bash]") + body;
			case 5 -> frontmatter("name: " + name, "description: " + description, "allowed-tools:", "  - Read",
					"  - Write", "  - Bash(git:*)") + body;
			case 6 -> frontmatter("name: " + name, "description: " + description, "metadata:", "  version: 1.10",
					"  keywords: [" + topic + ", automation]", "  clawdbot:", "    emoji: x") + body;
			case 7 ->
				frontmatter("name: " + name, "description: Use this skill when: " + sentence.toLowerCase(Locale.ROOT))
						+ body;
			case 8 -> frontmatter("description: " + description + " The folder names it.") + body;
			case 9 ->
				frontmatter("name: " + name, "description: " + description, "when_to_use: When " + topic + " comes up.",
						"version: 2.1.0", "author: Someone", "tags: [" + topic + "]", "argument-hint: <file>") + body;
			case 10 -> (frontmatter("name: " + name, "description: " + description) + body).replace("\n", "\r\n");
			case 11 -> frontmatter("name: " + name, "description: " + description) + body;
			case 12 -> frontmatter("name: " + name, "description: " + sentence + " — avec des notes 📊.") + body;
			case 13 -> frontmatter("name: " + name,
					"description: " + sentence + ", splitting on --- lines. " + "Detail. ".repeat(60)) + body;
			case 14 -> frontmatter("# a comment", "name: " + name, "description: " + description) + body;
			default -> frontmatter("name: " + name, "description: `" + sentence + "` with bundled scripts.") + body;
		};
	}

	private static String frontmatter(String... lines) {
		return "---\n" + String.join("\n", lines) + "\n---\n";
	}

	private static List<Target> parse(String text) {
		List<Target> targets = new ArrayList<>();
		Target.Builder current = null;
		for (String line : text.split("\n")) {
			if (line.isBlank() || line.startsWith("#")) {
				continue;
			}
			int colon = line.indexOf(':');
			String key = line.substring(0, colon);
			String value = line.substring(colon + 1).strip();
			if (key.equals("skill")) {
				if (current != null) {
					targets.add(current.build());
				}
				current = new Target.Builder(value);
			}
			else if (current == null) {
				throw new IllegalStateException("A line before the first skill: " + line);
			}
			else {
				current.add(key, value);
			}
		}
		if (current != null) {
			targets.add(current.build());
		}
		return targets;
	}

	/**
	 * A skill the requests need.
	 *
	 * @param name its name
	 * @param description its description
	 * @param body its body
	 * @param asks requests it serves
	 * @param bodyAsks requests whose only clue is in its body
	 * @param followUps pairs of a first and a second turn
	 */
	record Target(String name, String description, String body, List<String> asks, List<String> bodyAsks,
			List<String[]> followUps) {

		static final class Builder {

			private final String name;

			private String description = "";

			private final StringBuilder body = new StringBuilder();

			private final List<String> asks = new ArrayList<>();

			private final List<String> bodyAsks = new ArrayList<>();

			private final List<String[]> followUps = new ArrayList<>();

			Builder(String name) {
				this.name = name;
			}

			void add(String key, String value) {
				if (key.equals("description")) {
					this.description = value;
					return;
				}
				switch (key) {
					case "body" -> this.body.append(value).append('\n');
					case "ask" -> this.asks.add(value);
					case "body-ask" -> this.bodyAsks.add(value);
					case "follow" -> this.followUps.add(value.split("\\s*\\|\\|\\s*", 2));
					default -> throw new IllegalStateException("Unknown key " + key + " of skill " + this.name);
				}
			}

			Target build() {
				return new Target(this.name, this.description, this.body.toString(), this.asks, this.bodyAsks,
						this.followUps);
			}

		}

	}

	/**
	 * One request and the skill it needs.
	 *
	 * @param text what the user wrote
	 * @param skill the skill it needs
	 * @param clueInBody whether its only clue is in the skill's body
	 */
	record Request(String text, String skill, boolean clueInBody) {
	}

	/**
	 * A follow-up pair.
	 *
	 * @param first the first turn, which says what the task is
	 * @param second the second turn, which names nothing
	 * @param skill the skill both need
	 */
	record FollowUp(String first, String second, String skill) {
	}

}
