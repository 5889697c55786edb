package dev.skills.core;

import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.IntStream;

/**
 * Texts for skill fixtures, and diagnostics rendered in a form tests can compare exactly.
 * The fixture files themselves are written with {@code dev.skills.test.SkillFixtures}.
 */
public final class TestTexts {

	private TestTexts() {
	}

	/**
	 * Render diagnostics as {@code <severity>: <message>}, dropping the file.
	 * @param diagnostics the diagnostics
	 * @return one line per diagnostic, in order
	 */
	public static List<String> messages(List<SkillDiagnostic> diagnostics) {
		return diagnostics.stream()
			.map((diagnostic) -> diagnostic.severity().label() + ": " + diagnostic.message())
			.toList();
	}

	/**
	 * Generate a description-like text of an exact length: sentences, ending in a full
	 * stop.
	 * @param length the number of characters
	 * @return the text
	 */
	public static String prose(int length) {
		String sentence = "Reviews infrastructure changes, summarises cost impact and flags risky defaults. ";
		return sentence.repeat(length / sentence.length() + 1).substring(0, length - 1) + ".";
	}

	/**
	 * Generate a Markdown checklist body.
	 * @param count the number of lines
	 * @return the lines joined with line feeds, no final line feed
	 */
	public static String numberedLines(int count) {
		return IntStream.rangeClosed(1, count)
			.mapToObj((i) -> "- Step " + i + ": check item " + i + " of the list")
			.collect(Collectors.joining("\n"));
	}

}
