package dev.skills.core.internal.prompt;

/**
 * The rules for text from outside (a tool argument, a skill author's value) inside text
 * the model sees: values repeated back are cut and defanged, values inside markup are
 * escaped.
 */
public final class ModelText {

	/** The most characters of a tool argument repeated back in a message. */
	public static final int MAX_ECHO = 100;

	private ModelText() {
	}

	/**
	 * A value the model (or a skill author) gave, to repeat in a message: cut after
	 * {@value #MAX_ECHO} characters, control and format characters shown as {@code ?}, so
	 * that an argument of megabytes or of terminal escapes comes back short and harmless.
	 * @param text the value as given
	 * @return the value to repeat
	 */
	public static String echo(String text) {
		return echo(text, MAX_ECHO);
	}

	/**
	 * A value repeated back to the model, as {@link #echo(String)} does, cut at another
	 * length.
	 * @param text the value
	 * @param max the most characters kept
	 * @return the value to repeat
	 */
	public static String echo(String text, int max) {
		int cut = Math.min(text.length(), max);
		if (cut < text.length() && Character.isHighSurrogate(text.charAt(cut - 1))) {
			cut--;
		}
		StringBuilder out = new StringBuilder(cut + 32);
		text.substring(0, cut).codePoints().forEach((c) -> out.appendCodePoint(isControlOrFormat(c) ? '?' : c));
		if (cut < text.length()) {
			out.append("...[").append(text.length() - cut).append(" more characters]");
		}
		return out.toString();
	}

	/**
	 * Whether a code point is a control (Unicode Cc) or format character (Cf: bidi
	 * controls, zero-width characters), which never belongs in a name and may hide or
	 * reorder text.
	 * @param codePoint the code point
	 * @return {@code true} for Cc and Cf
	 */
	public static boolean isControlOrFormat(int codePoint) {
		int type = Character.getType(codePoint);
		return type == Character.CONTROL || type == Character.FORMAT;
	}

	/**
	 * Escape text for XML content and attributes: {@code & < > " '}.
	 * @param text the text
	 * @return the escaped text
	 */
	public static String escape(String text) {
		// String.replace returns the text itself when there is nothing to replace.
		return text.replace("&", "&amp;")
			.replace("<", "&lt;")
			.replace(">", "&gt;")
			.replace("\"", "&quot;")
			.replace("'", "&apos;");
	}

	// The inverse of escape, for a name read back from a block this class wrote.
	static String unescape(String text) {
		return text.replace("&quot;", "\"")
			.replace("&apos;", "'")
			.replace("&lt;", "<")
			.replace("&gt;", ">")
			.replace("&amp;", "&");
	}

}
