package dev.skills.core.internal.parse;

import java.util.List;
import java.util.Map;
import java.util.Random;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The YAML-free reader of simple frontmatters gives exactly what the YAML reader gives,
 * and leaves everything else to it.
 */
class SimpleFrontmatterTests {

	private static final List<String> KEYS = List.of("name", "description", "metadata", "allowed-tools", "x_y", "-k",
			"a b", "K9", "#c", "");

	private static final List<String> SEPARATORS = List.of(": ", ":", " : ", ":  ", ":\t");

	private static final List<String> VALUES = List.of("plain words", "a:b", "a: b", "ends:", "x #c", "C#", "\"q\"",
			"'s'", "\"a\\\"b\"", "'it''s'", "\"\"", "''", "\"open", "1.0", "true", "null", "~", "-x", "- x", "?x",
			"[a]", "{a: b}", "&a x", "*a", "!tag x", "|", ">", "%x", "@x", "`x`", "é à", "技能", "", "  ", "tab\there",
			"\u0001ctl", "emoji \uD83D\uDE00", "\uFEFFbom", "x  y  ", "a,b", "a[b]", "=", "<<");

	@Test
	void simpleFrontmatterIsReadAsYamlReadsIt() {
		String yaml = "name: pdf-processing\ndescription: Extract text, fill forms; use when: never mind\n";
		assertThat(SimpleFrontmatter.read(yaml)).isNull();
		String simple = "name: pdf\ndescription: Extract text and tables.\nmetadata:\n  author: me\n  version: \"1.0\"\n"
				+ "license:\nallowed-tools: Read Bash(git:*)\n";
		assertThat(SimpleFrontmatter.read(simple)).isEqualTo(FrontmatterYaml.loadWithParser(simple))
			.containsEntry("metadata", Map.of("author", "me", "version", "1.0"))
			.containsEntry("license", "");
	}

	@Test
	void randomFrontmattersMatchYamlOrDefer() {
		Random random = new Random(7);
		int simple = 0;
		for (int i = 0; i < 20_000; i++) {
			String yaml = randomFrontmatter(random);
			Map<String, Object> read = SimpleFrontmatter.read(yaml);
			if (read != null) {
				simple++;
				assertThat(read).as(yaml).isEqualTo(loadYaml(yaml));
			}
		}
		// The comparison means something only if many inputs took the simple path.
		assertThat(simple).isGreaterThan(1_000);
	}

	// What the YAML reader gives, or its error: the simple reader must never accept what
	// YAML rejects.
	private static Object loadYaml(String yaml) {
		try {
			return FrontmatterYaml.loadWithParser(yaml);
		}
		catch (FrontmatterException ex) {
			return ex.getMessage();
		}
	}

	private static String randomFrontmatter(Random random) {
		StringBuilder yaml = new StringBuilder();
		int lines = 1 + random.nextInt(5);
		for (int line = 0; line < lines; line++) {
			int kind = random.nextInt(10);
			String indent = (kind < 6) ? "" : (kind < 9) ? "  " : "    ";
			String key = pick(random, KEYS.subList(0, 5), KEYS);
			String separator = pick(random, SEPARATORS.subList(0, 2), SEPARATORS);
			String value = pick(random, VALUES.subList(0, 2), VALUES);
			yaml.append(indent).append(key).append(separator).append(value).append('\n');
		}
		return yaml.toString();
	}

	// Mostly a well-formed choice, sometimes any.
	private static String pick(Random random, List<String> common, List<String> all) {
		List<String> from = (random.nextInt(6) > 0) ? common : all;
		return from.get(random.nextInt(from.size()));
	}

}
