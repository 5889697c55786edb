package dev.skills.core.internal.prompt;

/**
 * The rules for text from outside (a tool argument, a skill author's value) inside text
 * the model sees: values repeated back are cut and defanged, values inside markup are
 * escaped.
 */
public final class ModelText {

	private static final int MAX_ECHO = 100;

	private ModelText() {
	}

	// A value to repeat in a message, cut and with control and format characters shown as
	// '?': an argument of megabytes or of terminal escapes comes back short and harmless.
	public static String echo(String text) {
		return echo(text, MAX_ECHO);
	}

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

	// The largest index at or below `at` not inside a multi-byte UTF-8 sequence: where
	// text cut for the model may end.
	public static int characterStart(byte[] bytes, int at) {
		int index = at;
		while (index > 0 && index < bytes.length && (bytes[index] & 0xC0) == 0x80) {
			index--;
		}
		return index;
	}

	// Cc or Cf (bidi controls, zero-width): never in a name, may hide or reorder text.
	public static boolean isControlOrFormat(int codePoint) {
		int type = Character.getType(codePoint);
		return type == Character.CONTROL || type == Character.FORMAT;
	}

	// For XML; replace returns the text itself when there is nothing to replace.
	public static String escape(String text) {
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
