package dev.skills.benchmarks;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The routing evaluation set of public skills: excerpts of the skills of public skill
 * repositories ({@code routing-eval/public/skills-*.txt}, their licences and attribution
 * in {@code NOTICE.md} beside them, extracted by
 * {@code benchmarks/scripts/extract-public-skills.py}) among {@value #GENERATED} skills
 * of the benchmarks' generator ({@link SkillTrees}), and requests written from the
 * skills' names alone ({@code routing-eval/public/requests.txt}). A request names its
 * skill by name or by the folder the skill was taken from.
 */
final class PublicRoutingEvalSet {

	/** How many generated skills surround the public ones. */
	static final int GENERATED = 10_000;

	private static final String FOLDER = "/routing-eval/public/";

	private final Map<String, PublicSkill> skills;

	private final List<RoutingEvalSet.Request> requests = new ArrayList<>();

	private final List<RoutingEvalSet.FollowUp> followUps = new ArrayList<>();

	private PublicRoutingEvalSet(Map<String, PublicSkill> skills) {
		this.skills = skills;
	}

	/**
	 * Read the public skills and the requests from the class path.
	 * @return the set
	 */
	static PublicRoutingEvalSet load() {
		Map<String, PublicSkill> skills = new LinkedHashMap<>();
		for (String file : read("index.txt").strip().split("\n")) {
			parseSkills(read(file)).forEach((skill) -> skills.putIfAbsent(skill.name(), skill));
		}
		PublicRoutingEvalSet set = new PublicRoutingEvalSet(skills);
		set.parseRequests(read("requests.txt"));
		return set;
	}

	List<RoutingEvalSet.Request> requests() {
		return this.requests;
	}

	List<RoutingEvalSet.FollowUp> followUps() {
		return this.followUps;
	}

	int publicSkills() {
		return this.skills.size();
	}

	/**
	 * Write the public skills to {@code ROOT/public} and the generated ones to
	 * {@code ROOT/location-N} below a new temporary folder.
	 * @return the folder and its locations, the public one first
	 */
	Tree write() {
		Path root = SkillTrees.create(GENERATED);
		try {
			Path folder = root.resolve("public");
			for (PublicSkill skill : this.skills.values()) {
				Path skillFolder = folder.resolve(skill.name());
				Files.createDirectories(skillFolder);
				Files.writeString(skillFolder.resolve("SKILL.md"), skill.text());
			}
			List<String> locations = new ArrayList<>();
			locations.add(folder.toString());
			locations.addAll(SkillTrees.locations(root, GENERATED));
			return new Tree(root, locations);
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
	}

	private static String read(String file) {
		try (InputStream in = PublicRoutingEvalSet.class.getResourceAsStream(FOLDER + file)) {
			if (in == null) {
				throw new IllegalStateException("No " + FOLDER + file + " on the class path");
			}
			return new String(in.readAllBytes(), StandardCharsets.UTF_8);
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
	}

	private static List<PublicSkill> parseSkills(String text) {
		List<PublicSkill> skills = new ArrayList<>();
		for (String block : text.split("\n\n")) {
			Map<String, String> fields = new HashMap<>();
			for (String line : block.split("\n")) {
				int colon = line.indexOf(": ");
				if (!line.startsWith("#") && colon > 0) {
					fields.put(line.substring(0, colon), line.substring(colon + 2));
				}
			}
			if (fields.containsKey("skill")) {
				String source = fields.get("source");
				String[] parts = source.split("/");
				skills.add(new PublicSkill(fields.get("skill"), parts[parts.length - 2], fields.get("description"),
						fields.get("when_to_use"), unescape(fields.getOrDefault("body", ""))));
			}
		}
		return skills;
	}

	private void parseRequests(String text) {
		Map<String, String> byFolder = new HashMap<>();
		this.skills.values().forEach((skill) -> byFolder.putIfAbsent(skill.folder(), skill.name()));
		for (String line : text.split("\n")) {
			if (line.isBlank() || line.startsWith("#")) {
				continue;
			}
			String[] parts = line.substring(line.indexOf(':') + 1).strip().split("\\s*\\|\\|\\s*");
			String skill = this.skills.containsKey(parts[0]) ? parts[0] : byFolder.get(parts[0]);
			if (skill == null) {
				throw new IllegalStateException("No public skill " + parts[0] + " for: " + line);
			}
			if (line.startsWith("ask:")) {
				this.requests.add(new RoutingEvalSet.Request(parts[1], skill, false));
			}
			else {
				this.followUps.add(new RoutingEvalSet.FollowUp(parts[1], parts[2], skill));
			}
		}
	}

	// The extraction escapes a backslash and a new line.
	private static String unescape(String text) {
		StringBuilder out = new StringBuilder(text.length());
		for (int i = 0; i < text.length(); i++) {
			char c = text.charAt(i);
			if (c == '\\' && i + 1 < text.length()) {
				char next = text.charAt(++i);
				out.append((next == 'n') ? '\n' : next);
			}
			else {
				out.append(c);
			}
		}
		return out.toString();
	}

	/**
	 * The written skills.
	 *
	 * @param root the folder to delete afterwards
	 * @param locations the locations to configure
	 */
	record Tree(Path root, List<String> locations) {
	}

	/**
	 * One public skill, as far as the evaluation keeps it.
	 *
	 * @param name its name
	 * @param folder the name of the folder it was taken from
	 * @param description its description
	 * @param whenToUse its {@code when_to_use}, or {@code null}
	 * @param body the first part of its body
	 */
	record PublicSkill(String name, String folder, String description, String whenToUse, String body) {

		String text() {
			StringBuilder text = new StringBuilder("---\nname: ").append(this.name)
				.append("\ndescription: ")
				.append(quoted(this.description))
				.append('\n');
			if (this.whenToUse != null) {
				text.append("when_to_use: ").append(quoted(this.whenToUse)).append('\n');
			}
			return text.append("---\n").append(this.body).append('\n').toString();
		}

		private static String quoted(String value) {
			return "\"" + value.replace("\\", "\\\\").replace("\"", "\\\"") + "\"";
		}

	}

}
