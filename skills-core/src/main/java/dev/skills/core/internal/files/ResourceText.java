package dev.skills.core.internal.files;

import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CharsetDecoder;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.List;

import dev.skills.core.internal.prompt.ModelText;

/**
 * Turns the bytes of a bundled file into what the model sees: text (invalid UTF-8
 * replaced), a short description for binary files, a cut-off note for large ones, a
 * listing for folders.
 */
final class ResourceText {

	/** A NUL byte within this many leading bytes marks a file as binary. */
	static final int BINARY_SNIFF_BYTES = 8 * 1024;

	/** The most entries a folder listing shows, in how many characters at most. */
	static final int MAX_LISTED = 200;

	private static final int MAX_LISTED_CHARS = 20_000;

	// The longest file name repeated whole; a longer one (or one with control or bidi
	// characters) could not be a name worth reading, and is shown cut.
	private static final int MAX_NAME_CHARS = 300;

	private ResourceText() {
	}

	/**
	 * Render a file's content.
	 * @param path the relative path
	 * @param head the first bytes of the file: at least {@code min(size, maxBytes)}
	 * @param size the file's full size
	 * @param maxBytes the most bytes to show
	 * @return the text
	 */
	static String file(String path, byte[] head, long size, int maxBytes) {
		if (ResourcePaths.hasBinaryExtension(path) || hasNul(head)) {
			return path + " is a binary file (" + size + " bytes); its content is not shown.";
		}
		int shown = (int) Math.min(head.length, maxBytes);
		if (size > shown) {
			// Cut at a character boundary, not inside a multi-byte UTF-8 sequence.
			while (shown > 0 && shown < head.length && (head[shown] & 0xC0) == 0x80) {
				shown--;
			}
		}
		String text = decode(head, shown);
		if (size > shown) {
			text += "\n\n[Truncated: showing the first " + shown + " of " + size + " bytes of " + path + "]";
		}
		return text;
	}

	/**
	 * Describe something that is neither a file nor a folder (a FIFO, a socket, a
	 * device): it is never opened, since reading it could block or never end.
	 * @param path the relative path
	 * @return the description
	 */
	static String special(String path) {
		return path + " is not a regular file (a FIFO, socket or device); its content is not read.";
	}

	/**
	 * Render a folder listing.
	 * @param path the folder, relative to the skill folder (empty for the skill folder)
	 * @param listed the skill's files, relative to the skill folder
	 * @return the listing of those below the folder
	 */
	static String listing(String path, List<String> listed) {
		String prefix = path.isEmpty() ? "" : path + "/";
		List<String> files = listed.stream().filter((file) -> file.startsWith(prefix)).toList();
		String name = path.isEmpty() ? "The skill folder" : path + "/";
		if (files.isEmpty()) {
			return name + " is a folder with no readable files.";
		}
		return name + " is a folder; read one of its files:\n" + names(files, MAX_LISTED, MAX_LISTED_CHARS, "\n");
	}

	/**
	 * File names for the model: each through the echo rule, at most {@code max} of them
	 * within {@code maxChars}, then how many more there are.
	 * @param files the names
	 * @param max the most names
	 * @param maxChars the most characters of names
	 * @param separator what stands between two names
	 * @return the names
	 */
	static String names(List<String> files, int max, int maxChars, String separator) {
		StringBuilder out = new StringBuilder();
		int shown = 0;
		for (String file : files) {
			String name = ModelText.echo(file, MAX_NAME_CHARS);
			if (shown == max || out.length() + name.length() > maxChars) {
				break;
			}
			out.append((shown++ > 0) ? separator : "").append(name);
		}
		return (shown < files.size()) ? out + separator + "... and " + (files.size() - shown) + " more"
				: out.toString();
	}

	private static boolean hasNul(byte[] head) {
		int limit = Math.min(head.length, BINARY_SNIFF_BYTES);
		for (int i = 0; i < limit; i++) {
			if (head[i] == 0) {
				return true;
			}
		}
		return false;
	}

	private static String decode(byte[] bytes, int length) {
		CharsetDecoder decoder = StandardCharsets.UTF_8.newDecoder()
			.onMalformedInput(CodingErrorAction.REPLACE)
			.onUnmappableCharacter(CodingErrorAction.REPLACE);
		try {
			return decoder.decode(ByteBuffer.wrap(bytes, 0, length)).toString();
		}
		catch (CharacterCodingException ex) {
			// REPLACE never throws: the checked exception is only declared.
			throw new IllegalStateException(ex);
		}
	}

}
