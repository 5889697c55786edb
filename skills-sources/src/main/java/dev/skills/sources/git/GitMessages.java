package dev.skills.sources.git;

import java.io.IOException;

import dev.skills.sources.FetchLimitException;
import org.jspecify.annotations.Nullable;

/**
 * What a failed fetch says: JGit's exceptions wrap the cause several times, and the
 * deepest says what went wrong (refused, not found, not authorized, a limit passed).
 */
final class GitMessages {

	private GitMessages() {
	}

	/**
	 * The exception a failed fetch ends with: a {@link FetchLimitException} when a limit
	 * was passed, so that it is never taken for a missing ref.
	 * @param ex what JGit threw
	 * @param password the password, never to appear in a message, whatever the server
	 * echoes
	 * @return the exception, its message every distinct cause's
	 */
	static IOException failure(Exception ex, @Nullable String password) {
		StringBuilder message = new StringBuilder();
		boolean limit = false;
		for (Throwable cause = ex; cause != null; cause = (cause.getCause() != cause) ? cause.getCause() : null) {
			limit |= cause instanceof FetchLimitException;
			String text = cause.getMessage();
			if (text != null && !message.toString().contains(text)) {
				message.append((message.length() > 0) ? ": " : "").append(text);
			}
		}
		String text = (message.length() > 0) ? message.toString() : ex.getClass().getSimpleName();
		if (password != null && !password.isEmpty()) {
			text = text.replace(password, "******");
		}
		return limit ? new FetchLimitException(text) : new IOException(text, ex);
	}

	/**
	 * Whether a fetch failed because the remote has no such ref: then the next spelling
	 * of the ref (a tag for a branch) is tried.
	 * @param ex what JGit threw
	 * @return whether the ref is missing
	 */
	static boolean missingRef(Exception ex) {
		for (Throwable cause = ex; cause != null; cause = cause.getCause()) {
			String message = cause.getMessage();
			if (message != null && message.contains("Remote does not have")) {
				return true;
			}
		}
		return false;
	}

}
