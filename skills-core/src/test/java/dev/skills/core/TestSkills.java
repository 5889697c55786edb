package dev.skills.core;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.IntStream;

/**
 * Writes skill fixtures and renders diagnostics in a form tests can compare exactly.
 */
public final class TestSkills {

	private TestSkills() {
	}

	/**
	 * Write {@code <parent>/<folder>/SKILL.md}.
	 * @param parent the folder that holds the skill folder
	 * @param folder the skill folder's relative path
	 * @param skillMd the file's text
	 * @return the skill folder
	 * @throws IOException when writing fails
	 */
	public static Path skill(Path parent, String folder, String skillMd) throws IOException {
		return file(parent.resolve(folder), "SKILL.md", skillMd).getParent();
	}

	/**
	 * Write a UTF-8 file, creating its folders.
	 * @param directory the base folder
	 * @param relative the file's relative path
	 * @param text the file's text
	 * @return the file
	 * @throws IOException when writing fails
	 */
	public static Path file(Path directory, String relative, String text) throws IOException {
		Path file = directory.resolve(relative);
		Files.createDirectories(file.getParent());
		return Files.writeString(file, text, StandardCharsets.UTF_8);
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
