package dev.skills.mcp.server;

import io.modelcontextprotocol.modern.McpException;
import org.jspecify.annotations.Nullable;

/**
 * The cursors of the Skills Extension's paginated results: the position of the next
 * entry, as decimal text. A cursor that is not one this server gave out (not a number,
 * too long, past the end) is a JSON-RPC error {@code -32602}, and costs no more than
 * reading its few characters.
 */
final class PageCursor {

	private static final int MAX_DIGITS = 9;

	private PageCursor() {
	}

	/**
	 * Where a page starts.
	 * @param cursor the request's cursor, or {@code null} for the first page
	 * @param size how many entries there are
	 * @return the index of the page's first entry
	 * @throws McpException when the cursor is not valid
	 */
	static int start(@Nullable String cursor, int size) {
		if (cursor == null) {
			return 0;
		}
		if (cursor.isEmpty() || cursor.length() > MAX_DIGITS || !cursor.chars().allMatch(Character::isDigit)) {
			throw McpException.invalidParams("Invalid cursor");
		}
		int start = Integer.parseInt(cursor);
		if (start > size) {
			throw McpException.invalidParams("Invalid cursor: the listing changed; list again from the start");
		}
		return start;
	}

	/**
	 * The cursor of the page after one.
	 * @param end the index after the page's last entry
	 * @param size how many entries there are
	 * @return the cursor, or {@code null} when the page was the last
	 */
	static @Nullable String next(int end, int size) {
		return (end < size) ? Integer.toString(end) : null;
	}

}
