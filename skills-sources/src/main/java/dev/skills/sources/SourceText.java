package dev.skills.sources;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import dev.skills.core.internal.prompt.ModelText;

/**
 * What a source's status and warnings may say: paths relative to the source (its cache
 * folder, whatever a library or the file system put in a message, is cut out), control
 * characters defanged, each text at most {@value #MAX_LENGTH} characters and at most
 * {@value #MAX_WARNINGS} warnings.
 */
final class SourceText {

	/** The longest text, in characters. */
	static final int MAX_LENGTH = 2000;

	/** The most warnings kept. */
	static final int MAX_WARNINGS = 50;

	// Room for echo's "...[n more characters]".
	private static final int CUT = MAX_LENGTH - 40;

	private final List<Pattern> cacheFolders = new ArrayList<>();

	/**
	 * The text rules of one source.
	 * @param cacheFolder the source's cache folder, never to be shown
	 */
	SourceText(Path cacheFolder) {
		Set<String> spellings = new LinkedHashSet<>();
		spellings.add(cacheFolder.toAbsolutePath().normalize().toString());
		try {
			spellings.add(cacheFolder.toRealPath().toString());
		}
		catch (IOException ex) {
			// Not created yet: its absolute path is the only spelling.
		}
		// The folder, then the revision folder below it: what is left is relative to the
		// source.
		spellings.forEach(
				(spelling) -> this.cacheFolders.add(Pattern.compile(Pattern.quote(spelling) + "(/[^/\\s:'\"]+)?/?")));
	}

	/**
	 * A message made safe to show.
	 * @param message the message
	 * @return the message, bounded, without the cache folder
	 */
	String of(String message) {
		String text = message;
		for (Pattern folder : this.cacheFolders) {
			text = folder.matcher(text).replaceAll(Matcher.quoteReplacement(""));
		}
		return ModelText.echo(text, CUT);
	}

	/**
	 * Warnings made safe to show.
	 * @param warnings the warnings
	 * @return at most {@value #MAX_WARNINGS} of them, each bounded, and how many more
	 * there were
	 */
	List<String> of(List<String> warnings) {
		List<String> bounded = new ArrayList<>();
		for (int i = 0; i < Math.min(warnings.size(), MAX_WARNINGS); i++) {
			bounded.add(of(warnings.get(i)));
		}
		if (warnings.size() > MAX_WARNINGS) {
			bounded.add((warnings.size() - MAX_WARNINGS) + " more warnings");
		}
		return List.copyOf(bounded);
	}

}
