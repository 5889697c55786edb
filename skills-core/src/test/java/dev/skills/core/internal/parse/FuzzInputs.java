package dev.skills.core.internal.parse;

import java.util.List;

import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;

/**
 * Generators of hostile, real-looking {@code SKILL.md} text for the fuzz tests.
 */
public final class FuzzInputs {

	/** The characters YAML, the repair and the name rules treat specially. */
	static final char[] TRICKY = { ':', ' ', ' ', '\n', '\r', '\t', '\'', '"', '-', '#', '|', '>', '&', '*', '!', '[',
			']', '{', '}', '@', '`', '%', ',', '?', '\\', '\0', '\u001B', '\u202E', '\u200B', '\uFEFF', '\uFF42', 'é',
			'\uD83D', '\uDCA1' };

	private static final List<String> SEEDS = List.of("""
			---
			name: pdf-processing
			description: Extract text and tables from PDF files. Use when: the user mentions PDFs
			license: MIT
			metadata:
			  author: Test Author
			  version: 1.10
			allowed-tools: Bash(jq:*) Read
			---
			# PDF

			Read [the guide](references/GUIDE.md) and run scripts/extract.py.
			""", """
			---
			name: "csv"
			description: >
			  Folded description
			  over lines
			when_to_use: @mention me: `now`
			allowed-tools: [Read, Write]
			---
			Body with --- inside
			""", """
			---
			name: a
			description: &x [a, *x]
			metadata: {a: {b: c}}
			---
			""");

	private FuzzInputs() {
	}

	/**
	 * Real-looking skill files with tricky characters inserted, lines duplicated or cut.
	 * @return the generator
	 */
	public static Arbitrary<String> mutatedSkillFiles() {
		Arbitrary<String> seed = Arbitraries.of(SEEDS);
		Arbitrary<String> insert = Arbitraries.strings().withChars(TRICKY).withCharRange('a', 'z').ofMaxLength(12);
		return Combinators
			.combine(seed, Arbitraries.integers().between(0, 10_000), insert, Arbitraries.integers().between(0, 3))
			.as((text, at, inserted, mutation) -> {
				int position = at % (text.length() + 1);
				return switch (mutation) {
					case 0 -> text.substring(0, position) + inserted + text.substring(position);
					case 1 -> text.substring(0, position);
					case 2 -> text.substring(0, position) + text.substring(position / 2);
					default -> text.replace(": ", ":" + inserted + " ");
				};
			});
	}

	/**
	 * Frontmatter lines made to trip the lenient repair: colons, long blank runs,
	 * reserved indicators and continuation lines.
	 * @return the generator
	 */
	public static Arbitrary<String> repairBait() {
		Arbitrary<String> value = Arbitraries.strings()
			.withChars(':', ' ', '\t', '@', '`', '%', '"', '\'', '#', '|', '>', 'a', 'b')
			.ofMaxLength(200);
		Arbitrary<String> blanks = Arbitraries.integers().between(0, 5_000).map(" "::repeat);
		return Combinators.combine(value, blanks, value)
			.as((first, gap, second) -> "---\nname: bait\ndescription: " + first + gap + second + "\n  " + second
					+ "\nlicense: " + first + "\n---\nBody.\n");
	}

}
